"""``python -m plansza`` runs the command line."""

from plansza.cli.entry import main

main()
