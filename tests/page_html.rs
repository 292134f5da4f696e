//! The page's HTML is written in English, as the page shows itself in English without rewriting
//! a text: every `data-text` element holds its English text, every `data-label` element its
//! English label, and the description is the English one.

const HTML: &str = include_str!("../www/index.html");

fn english(key: &str) -> &'static str {
    onitama::ui::text::EN.html(key).unwrap_or_else(|| panic!("no English text for {key}"))
}

/// The HTML's few entities, as the browser reads them, its runs of white space as one space (as
/// they are shown).
fn decoded(text: &str) -> String {
    let text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The value of `name="…"` in a tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&tag[start..start + tag[start..].find('"')?])
}

/// Every start tag of the page, with what follows it up to the next tag.
fn tags() -> impl Iterator<Item = (&'static str, &'static str)> {
    HTML.split('<').skip(1).filter_map(|piece| piece.split_once('>'))
}

#[test]
fn each_text_element_holds_its_english_text() {
    let mut seen = 0;
    for (tag, after) in tags() {
        if let Some(key) = attribute(tag, "data-text") {
            assert_eq!(decoded(after), english(key), "data-text=\"{key}\"");
            seen += 1;
        }
    }
    assert!(seen > 50, "{seen} texts");
}

#[test]
fn each_labelled_element_has_its_english_label() {
    let mut seen = 0;
    for (tag, _) in tags() {
        if let Some(key) = attribute(tag, "data-label") {
            assert_eq!(
                attribute(tag, "aria-label").map(decoded).as_deref(),
                Some(english(key)),
                "data-label=\"{key}\""
            );
            seen += 1;
        }
    }
    assert!(seen > 10, "{seen} labels");
}

#[test]
fn the_description_is_the_english_one() {
    let meta = tags().find(|(tag, _)| tag.starts_with("meta name=\"description\"")).expect("a description").0;
    assert_eq!(attribute(meta, "content"), Some(english("meta-description")));
}
