# Entry point run by PyScript (see index.html); kept tiny so the first paint is HTML only.
from bummerl_web import app

await app.start()  # noqa: F704 (top-level await is allowed in PyScript)
