//! The canvas's colours: every text it draws reads at 4.5:1 or better, in both themes.

use onitama::ui::theme::{DARK, LIGHT, Palette, TypeScale, contrast};

#[test]
fn every_canvas_text_has_contrast_in_both_themes() {
    for (name, palette) in [("light", &LIGHT), ("dark", &DARK)] {
        for (what, fg, bg) in palette.text_pairs() {
            let ratio = contrast(fg, bg).unwrap_or_else(|| panic!("{name}: {what}: unreadable colour"));
            assert!(ratio >= 4.5, "{name}: {what}: {fg} on {bg} is {ratio:.2}:1");
        }
    }
}

#[test]
fn the_themes_differ_and_dark_is_dark() {
    assert_ne!(LIGHT, DARK);
    assert!(contrast(DARK.background, "#000000").unwrap() < 1.5);
    assert!(contrast(LIGHT.background, "#ffffff").unwrap() < 1.3);
    assert_eq!(Palette::of(true), &DARK);
}

#[test]
fn the_type_scale_follows_the_board_and_stays_readable() {
    let phone = TypeScale::for_cell(55.0);
    let desktop = TypeScale::for_cell(174.0);
    assert!(phone.small >= 11.0 && phone.body >= 12.0);
    assert!(desktop.body > phone.body, "larger squares, larger text");
    assert!(desktop.small < desktop.body, "the small size is smaller");
}
