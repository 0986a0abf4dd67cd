import os

import pytest

pytest_plugins = ["rulecraft.testing"]


@pytest.fixture(autouse=True, scope="session")
def _own_cache_dir(tmp_path_factory):
    """The tests (and the commands they start) cache into a folder of their own, never the user's."""
    before = os.environ.get("RULECRAFT_CACHE_DIR")
    os.environ["RULECRAFT_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if before is None:
        del os.environ["RULECRAFT_CACHE_DIR"]
    else:
        os.environ["RULECRAFT_CACHE_DIR"] = before
