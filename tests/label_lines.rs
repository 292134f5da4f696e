//! The lines by each player's row (whose turn it is, a prompt): one sits in the middle of its
//! band; wrapped onto two, as a long prompt is on a phone in Persian, they stay clear of the board's
//! frame and end before the cards begin.

use onitama::rules::Color;
use onitama::ui::layout::{CardPlace, FRAME, Layout};
use onitama::ui::theme::TypeScale;

#[test]
fn wrapped_lines_stay_between_the_frame_and_the_cards() {
    // Canvases below the page's bar and strip: phones upright and on their side, a desktop.
    for (width, height) in [(360.0, 523.0), (390.0, 727.0), (640.0, 300.0), (1280.0, 700.0)] {
        for bottom in Color::ALL {
            let layout = Layout::new(width, height, bottom, true);
            let size = TypeScale::for_cell(layout.cell).small;
            let frame = layout.cell * FRAME;
            let board = layout.board;
            for color in Color::ALL {
                let lines = layout.label_lines(color, 2, size);
                let (top, end) = (lines[0] - size / 2.0, lines[1] + size / 2.0);
                let cards = [0, 1].map(|slot| layout.card(CardPlace::Hand(color, slot), color));
                let at = format!("{width}x{height}, {color:?} at the bottom: {color:?}'s lines {top:.1}–{end:.1}");
                if color == bottom {
                    assert!(top >= board.y + board.h + frame, "{at}, the frame ends at {}", board.y + board.h + frame);
                    for card in cards.iter().filter(|c| c.y > board.y + board.h) {
                        assert!(end <= card.y, "{at}, a card begins at {}", card.y);
                    }
                } else {
                    assert!(end <= board.y - frame, "{at}, the frame begins at {}", board.y - frame);
                    for card in cards.iter().filter(|c| c.y + c.h < board.y) {
                        assert!(top >= card.y + card.h, "{at}, a card ends at {}", card.y + card.h);
                    }
                }
            }
            let one = layout.label_lines(Color::Red, 1, size);
            let band = layout.banner[Color::Red.index()];
            assert_eq!(one, vec![band.y + band.h / 2.0], "one line sits in the middle of its band");
        }
    }
}
