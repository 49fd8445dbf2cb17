"""GET /api/exhibit: what the page learns of the exhibit from the server,
whether it is a kiosk (`retro serve --kiosk`), its idle time and warning, and
the published games its attract loop replays."""
from retro import resources
from retro.web.exhibit import Exhibit
from web_helpers import with_client

WARNING = 25  # the countdown's length, a live session's warning (config.IDLE_WARNING_SECONDS)
PUBLISHED = [s.name for s in resources.sessions() if s.group == "article"]  # the menu's "Published with the program"


def test_the_exhibit_says_whether_it_is_a_kiosk_and_which_games_it_loops() -> None:
    async def ask(client):
        answer = await client.get("/api/exhibit")
        assert answer.status == 200
        again = await client.get("/api/exhibit.json")  # the page's path, a file on a static site
        assert again.status == 200 and await again.json() == await answer.json()
        return await answer.json()

    assert with_client(ask) == {"kiosk": False, "idle_seconds": 600.0, "warning_seconds": WARNING, "loop": [],
                                "transport": "pty"}
    said = with_client(ask, Exhibit(kiosk=True))
    assert said["kiosk"] is True and said["loop"] == PUBLISHED
    # the games the README names: Fig. 5's of the 3-D article, the Fortran author's, the Perl assignment's
    assert {"altair-3d/fig5-v2-computer-wins", "altair-3d/fig5-v2-player-wins", "altair-3d/fig5-v3-computer-wins",
            "fortran-rcd/mj-weakness", "perl-midterm/spec-sample"} <= set(said["loop"])
