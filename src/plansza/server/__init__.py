"""The web app: pages, live games over WebSockets, the database behind them.

``plansza serve`` (and ``make run``) starts it on Uvicorn: :func:`plansza.server.app.create_app`.
It calls the same services as the command line and speaks through the same catalogues.
"""
