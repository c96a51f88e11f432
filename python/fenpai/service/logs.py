"""The server's log lines: text for a terminal, or JSON (one object per line: time,
level, logger, message, and a failure's traceback) for a log collector.

Log lines name games, seats, methods and reason codes, never a token, an action or a
card (what an action or a rejection quoted stays in the answer to its seat).
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timezone

#: `fenpai serve --log-format`'s choices.
FORMATS = ("text", "json")
TEXT = "%(asctime)s %(levelname)s %(message)s"


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(
                timespec="milliseconds"
            ),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure_logging(fmt: str) -> None:
    """Logs INFO and above to stderr, as text or as JSON lines."""
    if fmt not in FORMATS:
        raise ValueError(f"the log format is one of {', '.join(FORMATS)}, not {fmt!r}")
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if fmt == "json" else logging.Formatter(TEXT))
    logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
