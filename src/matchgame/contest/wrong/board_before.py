"""Judges the position after a move of Bunny on the board before it (the cell left counts)."""


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    rows, moves = _kit.read_record()
    _kit.write_mistakes(_kit.bunny_mistakes(_kit.record_wins(rows, moves, bug="before")))


if __name__ == "__main__":
    main()
