"""matchgame.games.edge."""
