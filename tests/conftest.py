pytest_plugins = ["rulecraft.testing"]
