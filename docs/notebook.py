# %% [markdown]
# # matchgame in a notebook
#
# Boards, analyses, positions and record analyses draw themselves in Jupyter, the way
# python-chess boards do: end a cell with one and its picture appears. This file is a
# notebook in the "percent" format (open it with Jupytext or VS Code, or run it as a
# script); the test suite runs it cell by cell and checks every picture.

# %%
import networkx as nx

import matchgame as mg
from matchgame import GameRecord, TokenRecord, analyse_record, annotate

board = mg.Board.from_rows(
    [
        "..#....",
        ".......",
        "...#...",
        ".......",
        "....#.#",
    ]
)
board

# %% [markdown]
# Who wins a placement where? Green cells win for the player who places the token:
# exactly the cells some maximum matching leaves uncovered.

# %%
analysis = mg.analyse(board)
print(analysis)
analysis

# %% [markdown]
# Play it out: a `Position` takes moves by name (cells here) and shows the token,
# its path, and each legal move coloured by whether it wins for the player to move.

# %%
position = mg.Position(board)
position.push(analysis.winning[0])  # place the token on a winning cell
position.push(position.legal_moves()[0])  # the opponent moves somewhere
print("the placer's winning replies:", position.winning_moves())
position

# %% [markdown]
# Any graph works, odd cycles included: here the Petersen graph from NetworkX. It has
# a perfect matching, so whoever places the token loses.

# %%
petersen = mg.analyse(nx.petersen_graph())
print(petersen.placer_wins, petersen.matching())
petersen

# %% [markdown]
# A token-game record, judged move by move, and NOI2011's third sample with Bunny's
# mistakes ringed (labelled by round: B1 is Bunny's move in round 1).

# %%
record = TokenRecord.parse("3 3\n.##\n...\n#.#\n3\n2 1\n2 2\n2 3\n")
judged = annotate(record)
print([(note.number, note.move, note.mistake, note.better) for note in judged.notes])
judged

# %%
noi3 = analyse_record(GameRecord.parse("4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n"))
print("Bunny's mistakes:", noi3.mistakes("Bunny"))
noi3

# %% [markdown]
# Edge geography, the sibling game: a move uses up the *edge* it travels, and the
# token may come back to a cell. `game="edge"` answers it on the same board: on a
# bipartite graph by linear algebra over GF(2) (Fraenkel, Scheinerman and Ullman,
# 1993). An explanation draws its proof: the parity set S every vertex has an even
# number of edges into.

# %%
edge_analysis = mg.analyse(board, game="edge")
print(edge_analysis)
edge_analysis

# %%
edge_position = mg.EdgePosition(board)
for cell in [(1, 0), (1, 1), (0, 1), (0, 0), (1, 0)]:  # round a square and back to (1, 0)
    edge_position.push(cell)
print("used:", edge_position.used, "mover wins:", edge_position.mover_wins())
edge_position

# %%
edge_analysis.explain(edge_analysis.winning[0])
