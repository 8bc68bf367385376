"""The variant files shipped with studkit (one YAML file per game); data only."""
