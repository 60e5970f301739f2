"""matchgame.games.vertex."""
