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
}
