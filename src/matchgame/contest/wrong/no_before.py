"""Calls every move after which Egg can win a mistake, even if Bunny could not win before."""


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    rows, moves = _kit.read_record()
    _kit.write_mistakes(_kit.bunny_mistakes(_kit.record_wins(rows, moves), need_before=False))


if __name__ == "__main__":
    main()
