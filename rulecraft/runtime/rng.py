"""A seeded random generator whose whole state is one integer kept in the game state.

SplitMix64: tiny, fast, and the same on every platform and Python version.
"""

MASK = (1 << 64) - 1


def next_state(state: int) -> tuple[int, int]:
    """Advance `state`; return (new_state, 64 random bits)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) without modulo bias; returns (new_state, value)."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        state, bits = next_state(state)
        if bits < limit:
            return state, bits % n


def derive(seed: int, stream: int) -> int:
    """An independent starting state for stream `stream` of a game seeded with `seed`."""
    return next_state((seed * 0x100000001B3 + stream) & MASK)[1]
