"""The use cases both front ends call: the command line now, the web app next.

A service takes plain values, works on the domain, and returns values or raises the
domain's errors (a code, an English template, details): it prints nothing, reads no
language and no clock of its own. The front ends parse what the user gave, call a
service and show the result in the user's language.

- :mod:`plansza.services.play` — a game against the computer: moves, challenges, the
  computer's decisions, the record; the terminal's hint and score sheet.
- :mod:`plansza.services.lexicon` — the lexicon a command uses (loaded, chosen for a
  position), a word list compiled, the lexicons there are.
- :mod:`plansza.services.positions` — a position's board as a view, a play scored, a
  rack's placements, the endgame solved.
- :mod:`plansza.services.study` — words checked and found, a record analysed or
  replayed and checked.
- :mod:`plansza.services.matches` — computer players against each other.
- :mod:`plansza.services.tournament` — the referee's commands on a tournament file:
  players found by seeding number or name, pairings, results, corrections,
  walkovers, penalties, withdrawals, settings, undo.
- :mod:`plansza.services.tournament_reports` — what the referee's views show and
  write from a tournament: standings, status, cards, pairings, slips, players, the
  log, the report, the ranked-tournament check, a TSH file imported.
- :mod:`plansza.services.ranking` — a finished tournament read (CSV, TSH, the
  referee's file) and added to the ranking history, with what it changed.
- :mod:`plansza.services.belgijka` — Belgijka, for the terminal and the web's hall: a
  championship file changed by the referee and saved whole, or not at all; the move's
  draw, top moves, cards, choice and close; the tables, the record, the move's clock.
"""
