"""Command line: ``python -m bummerl replay|review|puzzles|bench|arena ...``."""

import argparse
import json
import sys
from pathlib import Path

from .errors import NotationError
from .record import loads_record, replay


def _read(path: str) -> str:
    """The file's text (``-``: standard input); OSError or UnicodeDecodeError if unreadable."""
    if path == "-":
        return sys.stdin.buffer.read().decode("utf-8")
    with open(path, encoding="utf-8") as f:
        return f.read()


def replay_one(text: str) -> dict:
    try:
        record = loads_record(text)
    except NotationError as error:
        return {"error": str(error), "at": -1}
    return replay(record)


def cmd_replay(args) -> int:
    try:
        text = _read(args.file)
    except UnicodeDecodeError as error:
        answer = {"error": f"{args.file}: not UTF-8 text (byte {error.start})", "at": -1}
    except OSError as error:
        answer = {"error": f"{args.file}: {error.strerror or error}", "at": -1}
    else:
        if args.jsonl:
            lines = text.split("\n")  # JSON strings may hold U+2028 or U+0085: \n only
            if lines[-1] == "":
                lines.pop()
            for line in lines:
                print(json.dumps(replay_one(line.removesuffix("\r"))))
            return 0
        answer = replay_one(text)
    print(json.dumps(answer))
    return 1 if "error" in answer else 0


def cmd_review(args) -> int:
    """Review a recorded hand (``bummerl.review``): a table, or one JSON object."""
    from .errors import IllegalAction
    from .review import format_review, review

    try:
        record = loads_record(_read(args.file))
        result = review(record, seat=args.seat, with_other=args.both, seed=args.seed)
    except UnicodeDecodeError as error:
        problem = f"{args.file}: not UTF-8 text (byte {error.start})"
    except OSError as error:
        problem = f"{args.file}: {error.strerror or error}"
    except (NotationError, IllegalAction) as error:
        problem = str(error)
    else:
        print(json.dumps(result.to_json()) if args.json else format_review(result))
        return 0
    print(json.dumps({"error": problem}) if args.json else f"error: {problem}",
          file=sys.stdout if args.json else sys.stderr)
    return 1


# The collection the site serves (made by ``python -m bummerl_lab.puzzles``).
PUZZLES = Path(__file__).resolve().parent.parent.parent / "assets" / "puzzles.json"


def cmd_puzzles(args) -> int:
    """List the puzzle collection (``bummerl.puzzles``): id, preset, themes, difficulty."""
    from .errors import IllegalAction
    from .puzzles import load_collection

    path = args.file or str(PUZZLES)
    try:
        puzzles = load_collection(_read(path))
    except UnicodeDecodeError as error:
        problem = f"{path}: not UTF-8 text (byte {error.start})"
    except OSError as error:
        problem = f"{path}: {error.strerror or error}"
    except (NotationError, IllegalAction) as error:
        problem = f"{path}: {error}"
    else:
        if args.json:
            print(json.dumps([p.summary() for p in puzzles]))
        else:
            print(f"{'id':<6}  {'preset':<6}  {'difficulty':<10}  themes")
            for p in puzzles:
                print(f"{p.id:<6}  {p.preset:<6}  {p.difficulty:<10}  {' '.join(p.themes)}")
            print(f"{len(puzzles)} puzzles")
        return 0
    print(json.dumps({"error": problem}) if args.json else f"error: {problem}",
          file=sys.stdout if args.json else sys.stderr)
    return 1


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "arena":
        from bummerl_lab.arena import main as arena_main

        return arena_main(argv[1:]) or 0
    parser = argparse.ArgumentParser(prog="python -m bummerl", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a JSON hand record and print how it stands")
    p.add_argument("file", help="record file, or - for stdin")
    p.add_argument("--jsonl", action="store_true", help="one record per line, one answer per line")
    r = sub.add_parser("review", help="where the points went: every decision of a seat valued by Hard")
    r.add_argument("file", help="record file, or - for stdin")
    r.add_argument("--seat", type=int, choices=(0, 1), default=0, help="whose decisions (default 0)")
    r.add_argument("--seed", help="another independent sample of the hidden cards (default: the one the record fixes)")
    r.add_argument("--both", action="store_true", help="the other seat's decisions too (from its own view)")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    z = sub.add_parser("puzzles", help="list the puzzle collection: id, preset, themes, difficulty")
    z.add_argument("--file", help="the collection (default: the site's assets/puzzles.json)")
    z.add_argument("--json", action="store_true", help="print a JSON array")
    b = sub.add_parser("bench", help="random playouts per second")
    b.add_argument("--seconds", type=float, default=3.0, help="seconds per figure")
    b.add_argument("--json", action="store_true", help="print one JSON object")
    sub.add_parser("arena", help="bot against bot (see python -m bummerl arena --help)")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return cmd_replay(args)
    if args.command == "review":
        return cmd_review(args)
    if args.command == "puzzles":
        return cmd_puzzles(args)
    from bummerl_lab.bench import main as bench_main

    bench_main(args.seconds, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
