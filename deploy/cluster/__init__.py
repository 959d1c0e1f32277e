"""Separate hosts simulated on one machine: `make cluster` (docs/deploy.md, "Cluster")."""
