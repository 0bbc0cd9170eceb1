//! N4, issue 17: records written by other programs and by this engine —
//! endings a record states without a termination comment, exact
//! timestamps, sub-second time controls, and rule tags naming rules this
//! engine does not play.

use bughouse_core::bpgn::{BpgnReader, RecordedKind, ReplayErrorKind, write_bpgn};
use bughouse_core::{EndReason, Game, GameSettings, Seat, TimeControl};

fn replay(text: &str) -> bughouse_core::bpgn::Replay<'_> {
    BpgnReader::new(text.as_bytes())
        .next()
        .expect("a record")
        .replay()
}

/// A mate in one on board A: A-White drops a knight on f7 (R16).
const MATE: &str = "[FEN \"6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1 | 4k3/8/8/8/8/8/8/4K3[] w - - 0 1\"]\n\
                    [WhiteA \"x\"][BlackA \"y\"][WhiteB \"z\"][BlackB \"w\"]\n";

#[test]
fn r16_a_mate_sign_on_the_last_move_records_a_checkmate() {
    let text = format!("{MATE}1A. N@f7# 1-0\n");
    let r = replay(&text);
    assert_eq!(r.ending.kind, RecordedKind::Checkmate);
    assert_eq!(r.ending.loser, Some(Seat::A_BLACK));
    assert!(r.agrees());
}

#[test]
fn a_star_result_claims_no_ending_so_the_engines_is_not_an_error() {
    let text = format!("{MATE}1A. N@f7 {{y checkmated}} *\n");
    let r = replay(&text);
    assert_eq!(r.ending.kind, RecordedKind::Unknown);
    assert_eq!(r.ending.result, b"*");
    assert_eq!(
        r.game.outcome().map(|o| o.reason),
        Some(EndReason::Checkmate)
    );
    assert!(r.agrees());
}

#[test]
fn bughouse_pro_endings_timestamps_and_pawn_captures_without_their_file() {
    let text = "[Event \"bughouse.pro\"][Variant \"Bughouse\"][Promotion \"Upgrade\"]\n\
                [DropAggression \"Mate allowed\"][PawnDropRanks \"2-7\"]\n\
                [WhiteA \"Alice\"][BlackA \"Bob\"][WhiteB \"Carol\"][BlackB \"Dave\"]\n\
                [Outcome \"Bob & Carol resigned\"][Termination \"normal\"][Result \"1-0\"]\n\
                1A. e4 {[ts=1.25]} 1a. d5 {[ts=2.5]} 2A. xd5 {[ts=3.125]} 1-0\n";
    let r = replay(text);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.moves, 3);
    assert_eq!(r.ending.kind, RecordedKind::Resignation);
    assert_eq!(r.ending.loser, None, "a team is named, not a seat");
    let times: Vec<u64> = r.game.log().iter().map(|a| a.at_ms).collect();
    assert_eq!(times, [1_250, 2_500, 3_125]);
    assert!(r.agrees());
}

#[test]
fn records_of_rules_we_do_not_play_are_refused_naming_the_rule() {
    for (tag, value) in [
        ("Variant", "Chess960"),
        ("Variant", "duck"),
        ("Promotion", "Steal"),
        ("PawnDropRanks", "2-6"),
        ("DropAggression", "No check"),
        ("Chess960", "true"),
    ] {
        let text = format!("[{tag} \"{value}\"]\n1A. e4 *\n");
        let r = replay(&text);
        let e = r.error.expect("refused");
        assert_eq!(e.kind, ReplayErrorKind::UnsupportedRule(tag), "{tag}");
        assert_eq!(r.moves, 0, "never replayed under our rules");
        let message = e.to_string();
        assert!(
            message.contains(tag) && message.contains(value),
            "{message}"
        );
    }
}

#[test]
fn r20_sub_second_time_controls_round_trip() {
    let tc: TimeControl = "1.5+0.25".parse().unwrap();
    assert_eq!((tc.base_ms, tc.increment_ms), (1_500, 250));
    assert_eq!(tc.to_string(), "1.5+0.25");
    assert_eq!("2.5+0".parse::<TimeControl>().unwrap().to_string(), "2.5+0");
    assert!("1.+0".parse::<TimeControl>().is_err());
    assert!("1.2345+0".parse::<TimeControl>().is_err());
    let settings = GameSettings {
        time_control: Some(tc),
        ..GameSettings::default()
    };
    let mut game = Game::new(settings).unwrap();
    game.play_text(Seat::A_WHITE, "e4", Some(700)).unwrap();
    game.tick(1_700).unwrap();
    assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Time));
    let mut text = String::new();
    write_bpgn(&game, &[], &mut text).unwrap();
    assert!(text.contains("[TimeControl \"1.5+0.25\"]"), "{text}");
    assert!(
        text.contains("{[tick=1.5]}"),
        "B-White's flag at 1.5 s: {text}"
    );
    let r = replay(&text);
    assert!(r.game == game, "{text}");
    assert!(r.agrees());
}

#[test]
fn the_writer_refuses_a_tag_name_that_would_not_read_back() {
    let game = Game::new(GameSettings::default()).unwrap();
    let mut text = String::new();
    let e = write_bpgn(&game, &[("Event", "x"), ("Bad Name", "y")], &mut text).unwrap_err();
    assert_eq!(e, bughouse_core::bpgn::WriteError::TagName { index: 1 });
    assert!(text.is_empty(), "nothing written");
    assert!(write_bpgn(&game, &[("", "y")], &mut text).is_err());
}
