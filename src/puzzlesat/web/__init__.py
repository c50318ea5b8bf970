"""`puzzlesat serve`: a local page and a JSON API over the CLI (issue 33). Needs the `web` extra
(Starlette, uvicorn); nothing here is imported unless the server starts."""
