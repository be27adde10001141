"""``python -m plansza`` runs the command line."""

from plansza.cli.main import main

main()
