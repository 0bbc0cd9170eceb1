//! Splits an archive of many games into records: a tag section and a
//! movetext each, borrowed from the input.

use super::lexer::{Lexer, Token};

/// One game's text in an archive: its tags and its movetext.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    /// The game's position in the archive, from 1.
    pub number: usize,
    /// The line (from 1) where the game starts.
    pub line: usize,
    /// The tag section, `[Name "value"]` pairs (several may share a line).
    pub tag_text: &'a [u8],
    /// The movetext, up to and including the result token if any.
    pub movetext: &'a [u8],
}

impl<'a> Record<'a> {
    /// The tags as `(name, value)` pairs, in the order written. Values keep
    /// their bytes (archives may hold Latin-1); `\"` and `\\` escapes stay as
    /// written.
    ///
    /// ```
    /// use bughouse_core::bpgn::BpgnReader;
    ///
    /// let record = BpgnReader::new(b"[WhiteA \"ann\"][BlackA \"bo\"]\n1A. e4 *\n").next().unwrap();
    /// let names: Vec<&[u8]> = record.tags().map(|(name, _)| name).collect();
    /// assert_eq!(names, [&b"WhiteA"[..], &b"BlackA"[..]]);
    /// assert_eq!(record.tag("BlackA"), Some(&b"bo"[..]));
    /// assert!(record.is_bughouse());
    /// ```
    pub fn tags(&self) -> Tags<'a> {
        Tags {
            text: self.tag_text,
            pos: 0,
        }
    }

    /// The value of the first tag called `name`, if any.
    pub fn tag(&self, name: &str) -> Option<&'a [u8]> {
        self.tags()
            .find(|(n, _)| *n == name.as_bytes())
            .map(|(_, v)| v)
    }

    /// The movetext's tokens.
    pub fn tokens(&self) -> Lexer<'a> {
        Lexer::new(self.movetext)
    }

    /// Whether this is a bughouse record (board letters, or the four-player
    /// tags) rather than a single-board PGN.
    pub fn is_bughouse(&self) -> bool {
        self.tag("WhiteA").is_some()
            || self.tag("BlackA").is_some()
            || self.tokens().any(|t| {
                matches!(
                    t,
                    Token::Number {
                        letter: Some(_),
                        ..
                    }
                )
            })
    }
}

/// What makes a record's text malformed, and where: what a strict reader
/// refuses (N4). The tolerant reader and [`Record::replay`] read around
/// each of these (a tag without its `]` still counts, an unclosed comment
/// runs to the end), as archives in the wild need.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    /// The line (from 1, counted as the archive counts) of the problem.
    pub line: usize,
    /// What is wrong.
    pub reason: SyntaxReason,
}

/// Why a record's text is malformed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SyntaxReason {
    /// A line of the tag section that is not `[Name "value"]` pairs.
    NotATag,
    /// A tag with no name: `[ "x"]`.
    TagWithoutName,
    /// A tag value without its closing `"` on the same line.
    UnclosedTagValue,
    /// A tag without its closing `]`.
    UnclosedTag,
    /// A `{` comment without its `}`.
    UnclosedComment,
    /// A `(` variation without its `)`.
    UnclosedVariation,
}

impl core::fmt::Display for SyntaxReason {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            SyntaxReason::NotATag => "a line of the tag section is not [Name \"value\"]",
            SyntaxReason::TagWithoutName => "a tag has no name",
            SyntaxReason::UnclosedTagValue => "a tag value is not closed with '\"' on its line",
            SyntaxReason::UnclosedTag => "a tag is not closed with ']'",
            SyntaxReason::UnclosedComment => "a comment is not closed with '}'",
            SyntaxReason::UnclosedVariation => "a variation is not closed with ')'",
        })
    }
}

impl core::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "line {}: {} (N4)", self.line, self.reason)
    }
}

impl Record<'_> {
    /// The first syntax error of this record's text, if any (N4): tag lines
    /// that are not `[Name "value"]` pairs, values or tags left open,
    /// comments or variations left open. One pass over the text.
    ///
    /// ```
    /// use bughouse_core::bpgn::{BpgnReader, SyntaxReason};
    /// let record = BpgnReader::new(b"[Event \"x\"\n1. e4 *\n").next().unwrap();
    /// let error = record.syntax_error().unwrap();
    /// assert_eq!((error.line, error.reason), (1, SyntaxReason::UnclosedTag));
    /// assert!(BpgnReader::new(b"[Event \"x\"]\n1. e4 *\n").next().unwrap().syntax_error().is_none());
    /// ```
    pub fn syntax_error(&self) -> Option<SyntaxError> {
        let mut line = self.line;
        let error = |line, reason| Some(SyntaxError { line, reason });
        for text in self.tag_text.split(|&c| c == b'\n') {
            if let Some(reason) = tag_line_error(text) {
                return error(line, reason);
            }
            line += 1;
        }
        // The tag section ends with its line break: the movetext starts on
        // the line after its last tag line.
        line -= 1;
        let text = self.movetext;
        let mut i = 0;
        let mut depth = 0usize;
        let mut opened_at = line;
        while i < text.len() {
            match text[i] {
                b'\n' => line += 1,
                b'{' => {
                    let start = line;
                    match text[i..].iter().position(|&c| c == b'}') {
                        Some(n) => {
                            line += text[i..i + n].iter().filter(|&&c| c == b'\n').count();
                            i += n;
                        }
                        None => return error(start, SyntaxReason::UnclosedComment),
                    }
                }
                b';' => {
                    // A comment to the end of the line.
                    i += text[i..]
                        .iter()
                        .position(|&c| c == b'\n')
                        .unwrap_or(text.len() - i);
                    continue;
                }
                b'(' => {
                    if depth == 0 {
                        opened_at = line;
                    }
                    depth += 1;
                }
                b')' => depth = depth.saturating_sub(1),
                _ => {}
            }
            i += 1;
        }
        if depth > 0 {
            return error(opened_at, SyntaxReason::UnclosedVariation);
        }
        None
    }
}

/// Why one line of a tag section is not `[Name "value"]` pairs, if it is
/// not.
fn tag_line_error(text: &[u8]) -> Option<SyntaxReason> {
    let blank = |c: u8| c == b' ' || c == b'\t' || c == b'\r';
    let mut i = 0;
    loop {
        while text.get(i).is_some_and(|&c| blank(c)) {
            i += 1;
        }
        match text.get(i) {
            None => return None,
            Some(b'[') => i += 1,
            Some(_) => return Some(SyntaxReason::NotATag),
        }
        let name_start = i;
        while text
            .get(i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            i += 1;
        }
        if i == name_start {
            return Some(SyntaxReason::TagWithoutName);
        }
        while text.get(i).is_some_and(|&c| blank(c)) {
            i += 1;
        }
        if text.get(i) != Some(&b'"') {
            return Some(SyntaxReason::NotATag);
        }
        i += 1;
        loop {
            match text.get(i) {
                None => return Some(SyntaxReason::UnclosedTagValue),
                Some(b'\\') => i += 2,
                Some(b'"') => break,
                Some(_) => i += 1,
            }
        }
        i += 1;
        while text.get(i).is_some_and(|&c| blank(c)) {
            i += 1;
        }
        if text.get(i) != Some(&b']') {
            return Some(SyntaxReason::UnclosedTag);
        }
        i += 1;
    }
}

/// The tags of a record.
#[derive(Clone, Debug)]
pub struct Tags<'a> {
    text: &'a [u8],
    pos: usize,
}

impl<'a> Iterator for Tags<'a> {
    type Item = (&'a [u8], &'a [u8]);

    fn next(&mut self) -> Option<(&'a [u8], &'a [u8])> {
        loop {
            let open = self.pos + self.text.get(self.pos..)?.iter().position(|&c| c == b'[')?;
            let mut i = open + 1;
            let name_start = i;
            while self
                .text
                .get(i)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
            {
                i += 1;
            }
            let name = &self.text[name_start..i];
            while self.text.get(i).is_some_and(|&c| c == b' ' || c == b'\t') {
                i += 1;
            }
            if name.is_empty() || self.text.get(i) != Some(&b'"') {
                self.pos = open + 1;
                continue;
            }
            let value_start = i + 1;
            let mut j = value_start;
            while let Some(&c) = self.text.get(j) {
                match c {
                    b'\\' => j += 2,
                    b'"' => break,
                    b'\n' => break,
                    _ => j += 1,
                }
            }
            let value_end = j.min(self.text.len());
            let value = &self.text[value_start..value_end];
            self.pos = value_end;
            if let Some(close) = self.text[self.pos..]
                .iter()
                .position(|&c| c == b']' || c == b'\n')
            {
                self.pos += close + 1;
            }
            return Some((name, value));
        }
    }
}

/// Streams the games of an archive. Tolerant: CRLF line ends, any bytes in
/// comments, games with no moves, truncated games (a new tag section starts
/// a new game even without a result token).
#[derive(Clone, Debug)]
pub struct BpgnReader<'a> {
    text: &'a [u8],
    pos: usize,
    line: usize,
    games: usize,
}

impl<'a> BpgnReader<'a> {
    /// Games in `text` (any bytes; Latin-1 archives are fine).
    ///
    /// ```
    /// use bughouse_core::bpgn::BpgnReader;
    ///
    /// let archive = b"[Event \"one\"]\n1A. e4 1a. e5 *\n\n[Event \"two\"]\n1B. d4 *\n";
    /// let events: Vec<&[u8]> = BpgnReader::new(archive).filter_map(|r| r.tag("Event")).collect();
    /// assert_eq!(events, [&b"one"[..], &b"two"[..]]);
    /// ```
    pub fn new(text: &'a [u8]) -> BpgnReader<'a> {
        BpgnReader {
            text,
            pos: 0,
            line: 1,
            games: 0,
        }
    }

    fn advance_to(&mut self, to: usize) {
        self.line += self.text[self.pos..to]
            .iter()
            .filter(|&&c| c == b'\n')
            .count();
        self.pos = to;
    }
}

impl<'a> Iterator for BpgnReader<'a> {
    type Item = Record<'a>;

    fn next(&mut self) -> Option<Record<'a>> {
        // Skip blank space (and a byte-order mark).
        let mut start = self.pos;
        if self.text[start..].starts_with(b"\xef\xbb\xbf") {
            start += 3;
        }
        while self.text.get(start).is_some_and(u8::is_ascii_whitespace) {
            start += 1;
        }
        self.advance_to(start);
        if self.pos >= self.text.len() {
            return None;
        }
        let line = self.line;

        // The tag section: lines that start with '['.
        let mut i = self.pos;
        while self.text.get(i) == Some(&b'[') {
            i += self.text[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(self.text.len() - i, |n| n + 1);
            while self
                .text
                .get(i)
                .is_some_and(|&c| c == b' ' || c == b'\t' || c == b'\r' || c == b'\n')
            {
                i += 1;
            }
        }
        let tag_text = &self.text[self.pos..i];

        // The movetext: up to the result token, or to the next tag section
        // at the start of a line (a truncated game), or to the end.
        let body_start = i;
        let text = self.text;
        let mut j = i;
        let mut end = text.len();
        let mut at_line_start = true;
        let mut prev_blank = true;
        while j < text.len() {
            let c = text[j];
            match c {
                b'{' => {
                    // Comments may hold anything, brackets and results included.
                    j += text[j..]
                        .iter()
                        .position(|&c| c == b'}')
                        .unwrap_or(text.len() - j);
                    at_line_start = false;
                    prev_blank = true;
                }
                b'\n' => {
                    at_line_start = true;
                    prev_blank = true;
                }
                b'[' if at_line_start && j > body_start => {
                    end = j;
                    break;
                }
                b'1' | b'0' | b'*' if prev_blank => {
                    let word_len = text[j..]
                        .iter()
                        .position(u8::is_ascii_whitespace)
                        .unwrap_or(text.len() - j);
                    if matches!(&text[j..j + word_len], b"1-0" | b"0-1" | b"1/2-1/2" | b"*") {
                        end = j + word_len;
                        break;
                    }
                    at_line_start = false;
                    prev_blank = false;
                }
                _ => {
                    let blank = c.is_ascii_whitespace();
                    at_line_start &= blank;
                    prev_blank = blank;
                }
            }
            j += 1;
        }
        let movetext = &self.text[body_start..end];
        self.advance_to(end);
        self.games += 1;
        Some(Record {
            number: self.games,
            line,
            tag_text,
            movetext,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn n4_splits_games_and_reads_tags() {
        let text = b"[Event \"x\"]\r\n[WhiteA \"a\"][WhiteAElo \"1\"]\r\n\r\n1A. e4{1} {C: [not a tag]} 1-0\r\n\r\n[Event \"y\"]\n1A. d4\n[Event \"z\"]\n\n*\n";
        let games: arrayvec::ArrayVec<Record<'_>, 4> = BpgnReader::new(text).collect();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].tag("WhiteA"), Some(&b"a"[..]));
        assert_eq!(games[0].tag("WhiteAElo"), Some(&b"1"[..]));
        assert!(games[0].movetext.ends_with(b"1-0"));
        assert_eq!(games[1].line, 6);
        assert_eq!(games[1].movetext.trim_ascii(), b"1A. d4");
        assert_eq!(games[2].tag("Event"), Some(&b"z"[..]));
        assert_eq!(games[2].tokens().count(), 1);
        assert!(games[0].is_bughouse());
    }

    #[test]
    fn n4_syntax_errors_are_named_with_their_line() {
        type Expected = Option<(usize, SyntaxReason)>;
        let cases: [(&[u8], Expected); 9] = [
            (
                b"[Event \"x\"]\n[Site \"y\"][Date \"z\"]\n\n1. e4 {ok} (1. d4) *\n",
                None,
            ),
            (
                b"[Event \"x\"\n1. e4 *\n",
                Some((1, SyntaxReason::UnclosedTag)),
            ),
            (
                b"[Event \"x\"]\n[Site \"y]\n1. e4 *\n",
                Some((2, SyntaxReason::UnclosedTagValue)),
            ),
            (
                b"[ \"x\"]\n1. e4 *\n",
                Some((1, SyntaxReason::TagWithoutName)),
            ),
            (b"[Event x]\n1. e4 *\n", Some((1, SyntaxReason::NotATag))),
            (
                b"[Event \"x\"] junk\n1. e4 *\n",
                Some((1, SyntaxReason::NotATag)),
            ),
            (
                b"[Event \"x\"]\n\n1. e4\n{never closed\n2. d4 *\n",
                Some((4, SyntaxReason::UnclosedComment)),
            ),
            (
                b"1. e4 {a\nb} 2. d4 (2. c4\n*\n",
                Some((2, SyntaxReason::UnclosedVariation)),
            ),
            (b"[A \"a \\\" b\"]\n1. e4 ; {not a comment\n*\n", None),
        ];
        for (text, expected) in cases {
            let record = BpgnReader::new(text).next().unwrap();
            let found = record.syntax_error().map(|e| (e.line, e.reason));
            assert_eq!(found, expected, "{}", core::str::from_utf8(text).unwrap());
        }
        // Lines count as the archive counts them, in a later record too.
        let text = b"[E \"1\"]\n1. e4 *\n\n[E \"2\"]\n1. e4 {open *\n";
        let second = BpgnReader::new(text).nth(1).unwrap();
        assert_eq!(second.syntax_error().map(|e| e.line), Some(5));
    }
}
