"""The federation's registry: members, referees' licences, candidates, tournaments (RS §2–§6).

:mod:`~plansza.federation.members` (membership periods), :mod:`~plansza.federation.referees`
(a licence's status as of a day, computed), :mod:`~plansza.federation.candidates` (RS §3),
:mod:`~plansza.federation.roles` (who may referee and play where) and
:mod:`~plansza.federation.registry` (the
event log in its own database). The domain: no terminal, no services.
"""
