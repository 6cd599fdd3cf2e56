"""A replay's WebP stores each frame as the few rectangles that changed: played back, it shows
every frame as it was drawn, each for its time on screen."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageChops, ImageDraw, ImageStat

from bot import film, framediff


def played(data: bytes) -> list[tuple[int, Image.Image]]:
    """Each frame of the file, composed as a viewer sees it, with its time on screen."""
    out = []
    with Image.open(io.BytesIO(data)) as anim:
        for i in range(anim.n_frames):
            anim.seek(i)
            picture = anim.convert("RGB")
            out.append((int(anim.info["duration"]), picture))
    return out


def boards(n: int) -> list[Image.Image]:
    """Pictures that change in a few far-apart places from one to the next: a caption, a
    line of a panel at the right, a square somewhere on a busy map."""
    rng = random.Random(4)
    img = Image.new("RGB", (600, 400), (90, 120, 60))
    d = ImageDraw.Draw(img)
    for _ in range(300):  # a busy ground, so that a lossy coder has work everywhere
        x, y = rng.randrange(600), rng.randrange(400)
        d.rectangle((x, y, x + 6, y + 6), fill=(rng.randrange(256), 90, rng.randrange(256)))
    out = []
    for i in range(n):
        img = img.copy()
        d = ImageDraw.Draw(img)
        d.rectangle((0, 0, 600, 24), fill=(40, 36, 32))
        d.text((8, 6), f"move #{i}", fill=(250, 245, 235))
        d.rectangle((480, 200, 600, 224), fill=(240, 230, 210))
        d.text((484, 206), f"${i * 1000}", fill=(20, 20, 20))
        x, y = rng.randrange(20, 400), rng.randrange(40, 360)
        d.rectangle((x, y, x + 20, y + 20), fill=(200, 30 * (i % 8), 30))
        out.append(img)
    return out


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_each_frame_is_shown_as_drawn_for_its_time() -> None:
    pictures = boards(8)
    data = film.animate(((p, 800) for p in pictures), "webp")
    frames = played(data)
    # Parts of one move follow each other; the move ends with its last part, and lasts 800.
    shown, at = [], 0
    for ms, picture in frames:
        at += ms
        if at % 800 == 0:
            shown.append(picture)
    assert at == 8 * 800 and len(shown) == 8
    assert len(frames) > 8  # a change in far-apart places is more than one rectangle
    assert all(ms >= film.PART_MS for ms, _ in frames)  # browsers stretch frames of 10 ms
    for drawn, seen in zip(pictures, shown, strict=True):
        assert mean_difference(drawn, seen) < 3  # lossy (some 2 levels on this busy ground)
    # ... and each move's own change is there, not the move before's: where the two differ,
    # the frame shown is the one drawn.
    moved = framediff.Changes(pictures[3].size)
    moved.find(pictures[2], pictures[3])

    def off(drawn: Image.Image) -> float:
        return sum(ImageStat.Stat(ImageChops.difference(drawn, shown[3]), moved.mask).mean) / 3

    assert off(pictures[3]) * 5 < off(pictures[2])


def test_a_frame_that_did_not_change_makes_the_one_before_last_longer() -> None:
    a, b = boards(2)
    frames = played(film.animate([(a, 500), (a, 700), (b, 500)], "webp"))
    assert frames[0][0] == 1200
    assert sum(ms for ms, _ in frames) == 1700


def test_a_new_picture_is_sent_whole() -> None:
    """A frame that changes almost everywhere (a focus frame) is one opaque rectangle."""
    a, b = boards(2)
    turned = b.rotate(180)
    frames = played(film.animate([(a, 500), (turned, 500)], "webp"))
    assert [ms for ms, _ in frames] == [500, 500]
    assert mean_difference(frames[1][1], turned) < 3


def test_the_rectangles_hold_every_change_and_keep_apart_far_ones() -> None:
    before = Image.new("RGB", (400, 300), (10, 20, 30))
    after = before.copy()
    after.putpixel((5, 5), (11, 20, 30 + 40))
    d = ImageDraw.Draw(after)
    d.rectangle((300, 200, 340, 260), fill=(200, 0, 0))
    changes = framediff.Changes(after.size)
    boxes = changes.find(before, after)
    assert boxes == [(5, 5, 6, 6), (300, 200, 341, 261)]
    mask = changes.mask
    assert mask.getpixel((5, 5)) == 255 and mask.getpixel((320, 230)) == 255
    assert mask.getpixel((100, 100)) == 0
    # Looked for only where a painter says it drew, the far corner is not seen.
    assert changes.find(before, after, within=[(250, 150, 400, 300)]) == [(300, 200, 341, 261)]
    assert changes.mask.getpixel((5, 5)) == 0  # the mask is the last frame's only
    # At most ``most`` rectangles: the nearest ones are joined first.
    d.rectangle((150, 150, 170, 170), fill=(0, 200, 0))
    assert len(changes.find(before, after)) == 3
    assert changes.find(before, after, most=2)[1] == (150, 150, 341, 261)


def test_a_board_that_says_where_it_changed_is_copied_only_there() -> None:
    """A frame painted on the one before, given the places its board changed, is the frame
    made from the whole board, pixel for pixel, and says where it changed."""
    first, second = boards(2)
    places = framediff.Changes(second.size).find(first, second, most=9)
    assert len(places) > 1 and sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in places) < 40_000
    second.info[film.CHANGED] = places
    shown = film.frame(first, "move 1", width=600)
    kept = film.frame(second, "move 2", width=600, into=shown.copy())
    assert kept.info[film.CHANGED][0] == (0, 0, 600, film.BAND)
    whole = film.frame(second.copy(), "move 2", width=600)
    assert film.CHANGED not in whole.info
    assert ImageChops.difference(kept, whole).getbbox() is None


def test_a_focus_square_that_says_where_it_changed_is_copied_only_there() -> None:
    """A focus picture that fills the frame's square and says where it changed is painted on
    the frame before only there: the frame made from it whole, pixel for pixel."""
    first, second = (b.crop((0, 0, 400, 400)) for b in boards(2))
    places = framediff.Changes(second.size).find(first, second, most=9)
    assert places
    second.info[film.CHANGED] = places
    shown = film.focus_frame(first, "move 1", (400, 400))
    assert shown.info.get(film.NEW)
    kept = film.focus_frame(second, "move 2", (400, 400), into=shown.copy())
    assert not kept.info.get(film.NEW)
    assert kept.info[film.CHANGED][0] == (0, 0, 400, film.BAND)
    assert kept.info[film.CHANGED][1:] == [(x0, y0 + film.BAND, x1, y1 + film.BAND)
                                           for x0, y0, x1, y1 in places]
    whole = film.focus_frame(second.copy(), "move 2", (400, 400))
    assert film.CHANGED not in whole.info
    assert ImageChops.difference(kept, whole).getbbox() is None
    # A picture of another size is scaled into a new frame, whatever it says.
    small = second.resize((200, 200))
    small.info[film.CHANGED] = places
    assert film.CHANGED not in film.focus_frame(small, "move 2", (400, 400),
                                                into=shown.copy()).info


def test_a_new_focus_square_is_sent_whole_without_comparing() -> None:
    """A focus picture filling the square without saying where it changed is a new place:
    the frame says so, and the film stores it whole, played back as drawn."""
    first, second = (b.crop((0, 0, 400, 400)) for b in boards(2))
    a = film.focus_frame(first, "move 1", (400, 400))
    b = film.focus_frame(second, "move 2", (400, 400))
    assert a.info.get(film.NEW) and b.info.get(film.NEW)
    assert not film.focus_frame(first.resize((200, 200)), "move 1", (400, 400)).info.get(film.NEW)
    shown = played(film.animate([(a, 800), (b.copy(), 800)], "webp"))
    assert [ms for ms, _ in shown] == [800, 800]
    assert sum(ImageStat.Stat(ImageChops.difference(shown[1][1], b)).mean) / 3 < 3


def test_smaller_frames_on_the_first_ones_canvas_keep_their_places() -> None:
    """Frames shorter than the first (the Transcontinental game's Western phase) sit at the
    top of its canvas; one painted on the one before changes only where it says."""
    tall, = boards(1)
    short = [b.crop((0, 0, 600, 300)) for b in boards(3)]
    first = film.frame(tall, "east", width=600)
    second = film.frame(short[0], "west 1", width=600)
    places = framediff.Changes(short[1].size).find(short[0], short[1], most=9)
    short[1].info[film.CHANGED] = places
    third = film.frame(short[1], "west 2", width=600, into=second.copy())
    assert film.CHANGED in third.info
    shown = []
    at = 0
    for ms, picture in played(film.animate([(first, 500), (second, 500), (third, 500)], "webp")):
        at += ms
        if at % 500 == 0:
            shown.append(picture)
    assert shown[2].size == first.size
    assert mean_difference(shown[2].crop((0, 0, 600, third.height)), third) < 3
    assert shown[2].getpixel((300, first.height - 2)) == shown[1].getpixel((300, first.height - 2))


def test_the_clear_mask_keeps_a_margin_round_each_changed_pixel() -> None:
    before = Image.new("RGB", (64, 48), (40, 36, 32))
    after = before.copy()
    after.putpixel((30, 20), (250, 245, 235))
    changes = framediff.Changes(before.size)
    assert changes.find(before, after) == [(30, 20, 31, 21)]
    near = changes.alpha((0, 0, 64, 48), 4)
    assert near is not None
    assert near.getbbox() == (26, 16, 35, 25)  # 4 pixels every way, a 9 by 9 square
    assert near.histogram()[255] == 81
    alone = changes.alpha((0, 0, 64, 48))
    assert alone is not None and alone.histogram()[255] == 1


def _looking(img: Image.Image, key: str, view: object) -> Image.Image:
    out = img.copy()
    out.info[key] = view
    return out


def test_a_frame_looking_where_an_earlier_one_did_shows_that_one_again_then_its_change() -> None:
    """A focus frame that goes back to a view shown whole earlier (``film.AGAIN``) is that
    frame's stored picture again, not encoded anew, under the rectangles where it differs:
    the file shows it as drawn at the end of its time."""
    pictures = boards(3)
    far = pictures[1].transpose(Image.Transpose.ROTATE_180)  # another place: new everywhere
    first = _looking(pictures[0], film.NEW, True)
    first.info[film.VIEW] = "here"
    elsewhere = _looking(far, film.NEW, True)
    elsewhere.info[film.VIEW] = "there"
    back = _looking(pictures[2], film.AGAIN, "here")
    data = film.animate([(first, 800), (elsewhere, 800), (back, 800)], "webp")
    frames = played(data)
    assert sum(ms for ms, _ in frames) == 3 * 800
    assert all(ms >= film.PART_MS for ms, _ in frames)
    assert mean_difference(frames[-1][1], pictures[2]) < 3
    assert len(frames) >= 4  # the frame stored, shown again, then what changed since
    assert mean_difference(frames[2][1], pictures[0]) < 3  # the stored frame itself
    # Not found among the views kept, it is sent whole: the file grows by a whole frame.
    lost = _looking(pictures[2], film.AGAIN, "nowhere")
    alone = film.animate([(first, 800), (elsewhere, 800), (lost, 800)], "webp")
    played_alone = played(alone)
    assert len(played_alone) == 3
    assert mean_difference(played_alone[-1][1], pictures[2]) < 3


def _parts(data: bytes) -> list[tuple[tuple[int, int, int, int], bool, bool]]:
    """Each rectangle of the file: its box, whether it blends over the frame before and whether
    it carries an alpha channel."""
    out = []
    at = 12
    while at + 8 <= len(data):
        tag, size = data[at:at + 4], int.from_bytes(data[at + 4:at + 8], "little")
        body = data[at + 8:at + 8 + size]
        if tag == b"ANMF":
            x, y = 2 * int.from_bytes(body[0:3], "little"), 2 * int.from_bytes(body[3:6], "little")
            w, h = int.from_bytes(body[6:9], "little") + 1, int.from_bytes(body[9:12], "little") + 1
            out.append(((x, y, x + w, y + h), not body[15] & 0x02, body[16:20] == b"ALPH"))
        at += 8 + size + (size & 1)
    return out


def test_a_rectangle_changed_almost_all_over_is_sent_opaque() -> None:
    before = Image.new("RGB", (400, 300), (40, 36, 32))
    rng = random.Random(2)
    busy = before.copy()
    d = ImageDraw.Draw(busy)
    for _ in range(400):  # a block changed nearly everywhere: its alpha would be all but set
        x, y = rng.randrange(40, 150), rng.randrange(40, 120)
        d.rectangle((x, y, x + 5, y + 5), fill=(rng.randrange(256), 200, 90))
    sparse = busy.copy()
    ImageDraw.Draw(sparse).line((250, 200, 390, 290), fill=(250, 245, 235))  # a thin diagonal
    frames = [(before, 500), (busy, 500), (sparse, 500)]
    parts = _parts(film.animate(frames, "webp"))
    assert len(parts) == 3
    (box, _, alpha), (_, line_blend, line_alpha) = parts[1:]
    changes = framediff.Changes(before.size)
    changes.find(before, busy)
    mask = changes.alpha(box, film.MARGIN)
    assert mask is not None and film._covered(mask) >= film.OPAQUE
    assert not alpha  # opaque: every pixel sent
    assert line_alpha and line_blend  # a thin line's box is mostly unchanged: those stay
    shown = played(film.animate(frames, "webp"))
    assert mean_difference(shown[1][1], busy) < 3 and mean_difference(shown[2][1], sparse) < 3
