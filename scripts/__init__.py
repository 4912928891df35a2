"""Tools run by hand or by the tests, beside the bot: the catalogs' tooling."""
