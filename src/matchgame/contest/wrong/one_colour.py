"""Searches alternating paths from the free cells of one colour only."""


def main() -> None:
    import _kit  # beside this file: python puts its folder first on sys.path

    _kit.board_winners(starts_of="black")


if __name__ == "__main__":
    main()
