//! A card's face: one line for its name, so every card's move pattern has the same size, however
//! long the name in the player's language ("serpent de mer", "serpiente marina").

use onitama::ui::layout::CardFace;

#[test]
fn a_long_name_is_drawn_smaller_never_over_the_pattern() {
    // A phone's card (360 px wide) and a desktop's.
    for (w, h, body) in [(66.0, 44.0, 13.0), (150.0, 96.0, 15.0)] {
        let face = CardFace::new(w, h, body);
        assert!(face.cell * 5.0 <= face.body_height + 1e-9, "the grid fits its band");
        assert!(face.body_top + face.body_height <= h, "inside the card");
        assert!(face.pad + face.title * 1.1 <= face.body_top, "the name's line ends above the pattern");
        assert_eq!(face.title_size(face.title_room * 0.5), face.title, "a short name keeps its size");
        let long = face.title_size(face.title_room * 1.2);
        assert!(long < face.title && long >= face.title * 0.7, "{long}");
        assert_eq!(face.title_size(face.title_room * 5.0), face.title * 0.7, "then narrowed to the room");
        // Only the card's size and the body size set the pattern's cell: a name's length cannot.
        assert!(face.cell >= h * 0.1, "the pattern keeps a readable size: {} on a {h} px card", face.cell);
    }
}
