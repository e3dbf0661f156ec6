from typing import Tuple

GOAL: str

class Heuristic:
    @staticmethod
    def get(tiles: Tuple[int, ...]) -> int: ...

def is_solvable(tiles: Tuple[int, ...]) -> bool: ...
def solve_puzzle(tiles: Tuple[int, ...]) -> str: ...
