"""Forgets the empty square's start cell: it is never taken out of the game."""


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    rows, moves = _kit.read_record()
    _kit.write_mistakes(_kit.bunny_mistakes(_kit.record_wins(rows, moves, bug="start")))


if __name__ == "__main__":
    main()
