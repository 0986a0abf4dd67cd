import os
import tempfile

pytest_plugins = ["rulecraft.authoring.testing"]

# The compiled-ruleset cache of a test run (and of the commands it starts) is a temporary
# folder, never the user's.
_CACHE = tempfile.TemporaryDirectory(prefix="rulecraft-test-cache-")
os.environ["RULECRAFT_CACHE_DIR"] = _CACHE.name
