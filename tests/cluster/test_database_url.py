"""The web hosts reach the database through libpq's multi-host form (docs/deploy.md,
"Cluster"): both hosts, in order, and only a session that takes writes. No root needed."""

from deploy.cluster.cluster import read_env
from dwaalhof_site.settings import _parse_database_url


def test_the_cluster_url_lists_both_hosts_and_asks_for_the_writable_one():
    config = _parse_database_url(read_env("web1")["DATABASE_URL"])
    assert config["HOST"] == "data,standby"
    assert config["NAME"] == "dwaalhof"
    assert config["OPTIONS"]["target_session_attrs"] == "read-write"


def test_hosts_with_ports_keep_their_ports_in_order():
    config = _parse_database_url(
        "postgres://u:pw@data:5432,standby:5433/dw?target_session_attrs=read-write"
    )
    assert (config["HOST"], config["PORT"]) == ("data,standby", "5432,5433")
    assert config["USER"] == "u" and config["PASSWORD"] == "pw"
    assert config["OPTIONS"] == {"target_session_attrs": "read-write"}


def test_a_host_without_a_port_among_others_gets_the_default():
    config = _parse_database_url("postgres://u@data,standby:5433/dw")
    assert (config["HOST"], config["PORT"]) == ("data,standby", "5432,5433")


def test_a_single_host_url_is_parsed_as_before():
    config = _parse_database_url("postgres://u:pw@127.0.0.1:5432/dw")
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("127.0.0.1", 5432, "dw")
