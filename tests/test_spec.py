"""The referee itself: Discord's API description refuses what Discord would refuse."""
from tests.spec import problems, route_of


def test_routes_are_found_with_literal_segments_first():
    assert route_of("/api/v10/channels/1/messages/2") == "/channels/{channel_id}/messages/{message_id}"
    assert route_of("/api/v10/webhooks/1/tok/messages/@original").endswith("/@original")
    assert route_of("/api/v10/nope") is None


def test_bodies_are_checked_against_the_request_schema():
    ok = {"content": "hi", "allowed_mentions": {"parse": [], "users": [123456789012345678]},
          "attachments": [{"id": 0, "filename": "board.png"}]}
    assert problems("POST", "/api/v10/channels/1/messages", ok) == []
    bad = problems("POST", "/api/v10/channels/1/messages", {"content": 5, "flags": "x"})
    assert any("content" in p for p in bad) and any("flags" in p for p in bad)
    bad = problems("POST", "/api/v10/channels/1/messages",
                   {"components": [{"type": 1, "components": [{"type": 2, "style": "blue"}]}]})
    assert bad
    assert problems("GET", "/api/v10/users/1", None) == []       # no body to check
    assert problems("POST", "/api/v10/nope", {}) != []
