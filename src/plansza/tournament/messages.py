"""The tournament program's message ids: refusals by reason, and the event log's lines.

English ids (gettext), translated by the front end (:func:`plansza.i18n.describe`).
"""

from __future__ import annotations

from plansza.errors import N_

MESSAGES: dict[str, str] = {
    "manual_only": N_("this tournament is paired by hand: give the pairs with --manual"),
    "unknown_player": N_("no such player: {who}"),
    "ambiguous_player": N_("'{who}' matches several players: {names}"),
    "inactive": N_("{name} does not play in round {round}"),
    "paired_twice": N_("{name} appears twice in the pairing"),
    "unpaired": N_("the pairing leaves out: {names}"),
    "no_creation": N_("the file holds no tournament (no creation event)"),
    "no_round": N_("round {round} has not been paired"),
    "bad_score": N_("bad score {score} for {name}: a score is a whole number from 0 to 5000"),
    "no_pairing": N_("there is no pairing {a} – {b} in round {round}"),
    "empty_name": N_("empty player name"),
    "duplicate_player": N_("{name} is already registered"),
    "late_rr": N_(
        "cannot add {name}: a round robin takes a late entrant only in the free (odd) slot"
    ),
    "round_started": N_("round {round} already has results — undo them first"),
    "wrong_round": N_("cannot pair round {round}: the next round is {next}"),
    "over": N_("the tournament has only {rounds} rounds"),
    "incomplete": N_("round {round} still lacks results"),
    "too_few": N_("too few players to pair"),
    "duplicate_result": N_(
        "the result of {a} – {b} in round {round} is already entered (to change it: correct)"
    ),
    "nothing_to_correct": N_("{a} – {b} in round {round} has no result yet"),
    "already_paired": N_("{name} is already paired in round {round}"),
    "excluded": N_("{name} was excluded (TR 7.1) and cannot return"),
    "removed": N_("{name} was removed from the tournament (TR 6.3.4) and cannot return"),
    "bad_setting": N_("unknown setting {setting}; available: {keys}"),
    "bad_setting_value": N_("bad value for the setting {setting}: {value} — {why}"),
    "file_exists": N_("{path}: the file exists"),
    "db_has_tournament": N_("{path}: already holds a tournament"),
    "not_tournament": N_("{path}: not a tournament file"),
    "nothing_to_undo": N_("nothing to undo"),
    "no_file": N_("no tournament file (*{suffix}) in {dir} — give --db"),
    "many_files": N_("several tournament files — choose one with --db: {files}"),
    "t_line": N_("expected: NAME RATING OPPONENTS...; SCORES"),
    "t_number": N_("'{text}' is not a number"),
    "t_opponent": N_("{name}: bad opponent {opp} in round {round}"),
    "t_back": N_("{name}: round {round} opponent {opp} does not name {me} back"),
    "bad_tables": N_("unreadable pairing of round {round}"),
    "no_bye": N_("nobody has the bye in round {round} — change the pairing: pair --manual"),
    "bad_penalty": N_("penalty {points}: deduct a positive multiple of 5 points (TR 7.1)"),
    "no_game": N_("{name} plays no game in round {round}"),
    "bye_scheduled": N_(
        "in the {system} system the bye is the schedule's: it is not replaced by an "
        "adjustment (RS §7.7)"
    ),
    "not_bye": N_("{name} has no bye in round {round}"),
    "bye_played": N_(
        "{name} has already played a game: the bye stands (RS §7.7 corrects the bye of a "
        "player who has not played)"
    ),
    "bye_last": N_("round {round} is the last: no later round to join with an adjustment"),
    "already_withdrawn": N_("{name} has already withdrawn"),
    "not_withdrawn": N_("{name} has not withdrawn"),
    "round_paired": N_("round {round} is already paired"),
    "unknown_event": N_("unknown event kind: {kind}"),
    "tie_needs_last_move": N_(
        "{a} {sa} – {sb} {b} is a tie, and in a school tournament the higher last move wins "
        "it (SCH): give both players' last moves, e.g. --last-move 35:28"
    ),
    "last_move_unused": N_(
        "{a} – {b}: in this tournament a tie is a draw (TR 5.2); the last moves decide a tie "
        "only in a school tournament (SCH)"
    ),
    "bad_last_move": N_("bad last move {value} for {name}: give two whole numbers, like 35:28"),
    "no_school": N_(
        "{name}: a school tournament registers every player with their school — give --club "
        "(SCH: one team of at most {limit} per school)"
    ),
    "team_full": N_(
        "{name} not registered: the team of {school} is full (SCH: one team of at most {limit} "
        "per school)"
    ),
    "bad_category": N_("bad categories {value}: give a list of names"),
    "division_paired": N_(
        "{name}: the division cannot change once the tournament is paired (RR §4 counts "
        "each division's players)"
    ),
    "bad_consent": N_("unknown consent {consent}: players, referee or override"),
    "correction_referee": N_(
        "TR 4.6.4: round {next} is already paired, so a result of round {round} can be "
        "corrected only with the referee's consent, until the end of that day of play — "
        "give --referee-consent"
    ),
    "correction_late": N_(
        "TR 4.6.4: too late to correct a result of round {round} (round {next} is paired and "
        "day {day} of play has ended) — only the referee's override can: --override"
    ),
    "correction_closed": N_(
        "TR 4.6.4: the tournament is closed, so a result of round {round} can be corrected "
        "only with the referee's consent, until the end of this day of play — give "
        "--referee-consent"
    ),
    "correction_closed_late": N_(
        "TR 4.6.4: the tournament is closed and its last day of play has ended, so a result "
        "of round {round} can no longer be corrected — only the referee's override can: "
        "--override"
    ),
    "closed": N_(
        "the tournament is closed: only a correction (with the referee's consent the same "
        "day of play, else the override; TR 4.6.4) can be recorded now (undo reopens it)"
    ),
    "day_order": N_("cannot start day {day} of play: the next day of play is {next}"),
    "clock_action": N_("unknown clock action {action}: start, pause or resume"),
    "clock_time": N_("the clock needs the time of the event, not '{at}'"),
    "clock_minutes": N_("bad round length {minutes}: whole minutes from 1 to {most}"),
    "clock_minutes_start": N_("the round's minutes are set when its clock starts"),
    "clock_not_started": N_("the clock of round {round} has not been started"),
    "clock_paused": N_("the clock of round {round} is already paused"),
    "clock_running": N_("the clock of round {round} is running, not paused"),
}

# How each event reads in `turniej log`.
LOG: dict[str, str] = {
    "created": N_("tournament '{name}' created ({system}, {rounds} rounds)"),
    "player_added": N_("registered: {name}"),
    "paired": N_("round {round} paired: {tables}"),
    "result": N_("result, round {round}: {a} {sa} – {sb} {b}"),
    "correct": N_("CORRECTION, round {round}: {a} {sa} – {sb} {b} {note}"),
    "walkover": N_("walkover, round {round}: to {w}, against {l}"),
    "forfeit": N_("both absent, round {round}: {a}, {b}"),
    "bye": N_("bye, round {round}: {p}"),
    "penalty": N_("penalty, round {round}: {p} −{points}"),
    "bye_adjustment": N_(
        "bye of round {round} replaced by an adjustment (RS §7.7): {p} joins the next round"
    ),
    "withdraw": N_("withdrawn from round {round}: {p}{excluded}"),
    "excluded": N_(" (excluded, TR 7.1)"),
    "removed": N_(" (removed, TR 6.3.4)"),
    "return": N_("returns from round {round}: {p}"),
    "settings": N_("settings: {changes}"),
    "dates": N_("dates: {dates}"),
    "undo": N_("UNDO of the latest event"),
    "last_moves": N_(" (last moves {la}:{lb}, SCH)"),
    "bye_word": N_("bye"),
    "categories": N_("categories of {p}: {categories}"),
    "categories_division": N_("categories of {p}: {categories}; division {division}"),
    "repeats_forced": N_("; repeats, no pairing without them (RS §7.5): {pairs}"),
    "repeats_allowed": N_("; repeats (allowed): {pairs}"),
    "repeats_manual": N_("; repeats, paired by hand: {pairs}"),
    "widened": N_("; score groups widened to {range} points (RS §7.6)"),
    "by_hand": N_("; by hand"),
    "swapped": N_("; by hand: swapped in the system's proposal {pairs}"),
    "consent_players": N_("[both players' consent, TR 4.6.4; day {day}]"),
    "consent_referee": N_("[the referee's consent, TR 4.6.4; day {day}]"),
    "consent_override": N_("[REFEREE'S OVERRIDE, past TR 4.6.4; day {day}]"),
    "new_day": N_("day {day} of play begins{date}"),
    "closed": N_("tournament CLOSED (the official end, TR 4.6.4)"),
    "clock_start": N_("clock of round {round} started: {minutes} minutes"),
    "clock_pause": N_("clock of round {round} paused"),
    "clock_resume": N_("clock of round {round} resumed"),
}
