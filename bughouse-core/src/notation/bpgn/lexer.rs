//! Tokens of PGN/BPGN movetext, borrowed from the input (zero-copy).
//!
//! Tolerant by design: comments `{…}` may span lines and hold any bytes;
//! `;` comments run to the end of the line; variations `(…)` and NAGs `$n`
//! are skipped; move numbers may carry a board letter (`14A.`, `11b.`) or
//! not (`1.`, `31...`), with or without a space before the move.

/// One token of movetext.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// `14A.`: a move number, with the board letter that names the seat in
    /// BPGN (upper case White, lower case Black), or none in plain PGN.
    Number {
        /// The number as written (the board's own full-move number).
        number: u32,
        /// `A`, `a`, `B` or `b`, if written.
        letter: Option<u8>,
        /// How many dots followed (`31...` has three).
        dots: u8,
    },
    /// A move in SAN, as written.
    Move(&'a [u8]),
    /// The text of a `{…}` comment, braces removed.
    Comment(&'a [u8]),
    /// A result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'a [u8]),
}

/// Iterates over the tokens of one game's movetext.
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    text: &'a [u8],
    pos: usize,
}

impl<'a> Lexer<'a> {
    /// Tokens of `text`.
    pub fn new(text: &'a [u8]) -> Lexer<'a> {
        Lexer { text, pos: 0 }
    }

    /// The byte offset of the next token within the movetext.
    pub fn offset(&self) -> usize {
        self.pos
    }

    fn skip_until(&mut self, stop: u8) {
        while self.pos < self.text.len() && self.text[self.pos] != stop {
            self.pos += 1;
        }
    }

    fn skip_variation(&mut self) {
        let mut depth = 0usize;
        while self.pos < self.text.len() {
            match self.text[self.pos] {
                b'(' => depth += 1,
                b')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.pos += 1;
                        return;
                    }
                }
                b'{' => {
                    self.skip_until(b'}');
                }
                _ => {}
            }
            self.pos += 1;
        }
    }
}

fn is_result(word: &[u8]) -> bool {
    matches!(word, b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
}

fn ends_word(c: u8) -> bool {
    c.is_ascii_whitespace() || matches!(c, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']')
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            let c = *self.text.get(self.pos)?;
            match c {
                _ if c.is_ascii_whitespace() => self.pos += 1,
                b'{' => {
                    let start = self.pos + 1;
                    self.pos = start;
                    self.skip_until(b'}');
                    let body = &self.text[start..self.pos];
                    self.pos = (self.pos + 1).min(self.text.len());
                    return Some(Token::Comment(body));
                }
                b';' | b'%' => self.skip_until(b'\n'),
                b'(' => self.skip_variation(),
                b'$' => {
                    self.pos += 1;
                    while self.text.get(self.pos).is_some_and(u8::is_ascii_digit) {
                        self.pos += 1;
                    }
                }
                _ => {
                    let start = self.pos;
                    while self.text.get(self.pos).is_some_and(|&c| !ends_word(c)) {
                        self.pos += 1;
                    }
                    if self.pos == start {
                        // A stray closing bracket or brace: skip it.
                        self.pos += 1;
                        continue;
                    }
                    let word = &self.text[start..self.pos];
                    if is_result(word) {
                        return Some(Token::Result(word));
                    }
                    if let Some((number, letter, dots, used)) = split_number(word) {
                        // `1.e4`: the move may follow the dots directly.
                        self.pos = start + used;
                        return Some(Token::Number {
                            number,
                            letter,
                            dots,
                        });
                    }
                    return Some(Token::Move(word));
                }
            }
        }
    }
}

/// `14A.` → (14, Some(b'A'), 1, bytes used). Digits, an optional board
/// letter, then at least one dot.
fn split_number(word: &[u8]) -> Option<(u32, Option<u8>, u8, usize)> {
    let digits = word.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 10 {
        return None;
    }
    // Any full-move number a board can reach (FEN counters are `u32`), so
    // that what the writer numbers reads back.
    let number = word[..digits].iter().try_fold(0u32, |n, &d| {
        n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
    })?;
    let mut i = digits;
    let letter = match word.get(i) {
        Some(&l @ (b'A' | b'a' | b'B' | b'b')) => {
            i += 1;
            Some(l)
        }
        _ => None,
    };
    let dots = word[i..].iter().take_while(|&&c| c == b'.').count();
    if dots == 0 {
        return None;
    }
    Some((number, letter, dots.min(255) as u8, i + dots))
}

/// Reads a clock comment — remaining seconds such as `118.305`, `179`,
/// `-0.576` — as milliseconds. `None` for any other comment.
pub fn parse_clock(comment: &[u8]) -> Option<i32> {
    let text = comment.trim_ascii();
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let int_len = digits.iter().take_while(|c| c.is_ascii_digit()).count();
    if int_len == 0 || int_len > 6 {
        return None;
    }
    let mut ms: i64 = digits[..int_len]
        .iter()
        .fold(0, |n, &d| n * 10 + i64::from(d - b'0'))
        * 1000;
    let rest = &digits[int_len..];
    if let Some(frac) = rest.strip_prefix(b".") {
        if frac.is_empty() || !frac.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let mut scale = 100;
        for &d in frac.iter().take(3) {
            ms += i64::from(d - b'0') * scale;
            scale /= 10;
        }
    } else if !rest.is_empty() {
        return None;
    }
    i32::try_from(if negative { -ms } else { ms }).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn n4_tokens_of_fics_movetext() {
        let text = b"1A. e4{179.9} 1a. e5 {179} 14A. Qf3+{155.281} 11b. gxh6{-0.576}\r\n{C: kibitz\n spans} 1.e4 31... Nf6 $1 (1. d4 {x}) {makaka checkmated} 1-0";
        let tokens: arrayvec::ArrayVec<Token<'_>, 32> = Lexer::new(text).collect();
        assert_eq!(
            tokens[0],
            Token::Number {
                number: 1,
                letter: Some(b'A'),
                dots: 1
            }
        );
        assert_eq!(tokens[1], Token::Move(b"e4"));
        assert_eq!(tokens[2], Token::Comment(b"179.9"));
        assert_eq!(tokens[5], Token::Comment(b"179"));
        assert_eq!(tokens[7], Token::Move(b"Qf3+"));
        assert_eq!(tokens[10], Token::Move(b"gxh6"));
        assert_eq!(tokens[11], Token::Comment(b"-0.576"));
        assert_eq!(tokens[12], Token::Comment(b"C: kibitz\n spans"));
        assert_eq!(
            tokens[13],
            Token::Number {
                number: 1,
                letter: None,
                dots: 1
            }
        );
        assert_eq!(tokens[14], Token::Move(b"e4"));
        assert_eq!(
            tokens[15],
            Token::Number {
                number: 31,
                letter: None,
                dots: 3
            }
        );
        assert_eq!(tokens[16], Token::Move(b"Nf6"));
        assert_eq!(tokens[17], Token::Comment(b"makaka checkmated"));
        assert_eq!(tokens[18], Token::Result(b"1-0"));
        assert_eq!(tokens.len(), 19);
    }

    #[test]
    fn n4_clock_comments() {
        assert_eq!(parse_clock(b"118.305"), Some(118_305));
        assert_eq!(parse_clock(b"119.9"), Some(119_900));
        assert_eq!(parse_clock(b" 179"), Some(179_000));
        assert_eq!(parse_clock(b"-0.576"), Some(-576));
        assert_eq!(parse_clock(b"C: hello"), None);
        assert_eq!(parse_clock(b"1.2.3"), None);
        assert_eq!(parse_clock(b""), None);
    }
}
