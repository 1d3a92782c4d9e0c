"""python-chess drives `surfchess uci` unmodified: analysis with each kind of limit, then a game
of the engine against itself, on two threads, on a clock of a few seconds a side, on which
neither side may run out of time. Usage: python3 uci_python.py <path to surfchess>."""

import sys
import time

import chess
import chess.engine

CLOCK = 4.0  # seconds a side, no increment: about 40 moves each at most
MAX_PLIES = 120

engine = chess.engine.SimpleEngine.popen_uci([sys.argv[1], "uci"], timeout=60)
assert engine.id["name"].startswith("Surface Chess"), engine.id
assert "UCI_Variant" in engine.options and "chess" in engine.options["UCI_Variant"].var
assert engine.options["Threads"].max >= 2, engine.options["Threads"]
engine.configure({"Threads": 2, "Hash": 16})

board = chess.Board()
for limit in (chess.engine.Limit(depth=4), chess.engine.Limit(nodes=5000), chess.engine.Limit(time=0.2)):
    info = engine.analyse(board, limit)
    assert info["pv"] and info["pv"][0] in board.legal_moves, (limit, info)
    assert "score" in info and info["depth"] >= 1, (limit, info)
    print(limit, "->", board.san(info["pv"][0]), info["score"], "depth", info["depth"])

clocks = {chess.WHITE: CLOCK, chess.BLACK: CLOCK}
while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
    limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK])
    started = time.monotonic()
    result = engine.play(board, limit)
    clocks[board.turn] -= time.monotonic() - started
    assert clocks[board.turn] > 0, f"{'white' if board.turn else 'black'} lost on time at ply {board.ply()}"
    assert result.move in board.legal_moves, result
    board.push(result.move)
print("game over:", board.result(claim_draw=True), "after", board.ply(), "plies; clocks left",
      {("white" if c else "black"): round(t, 2) for c, t in clocks.items()})
engine.quit()
