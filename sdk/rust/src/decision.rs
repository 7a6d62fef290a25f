//! What the callback gets (a `Decision`) and returns (an `Answer`), and the
//! game a decision belongs to (`GameInfo`).
use crate::proto::arbiter::v1 as arbiter;
use crate::proto::arbiter::v1::{action_reply, decision_request, ActionReply, DecisionRequest, GameEvent, GameStart};
use crate::proto::{pontoon::v1 as pontoon, scotch_whist::v1 as scotch_whist, zetema::v1 as zetema};
use crate::{Error, GameResult};

/// One game from its GameStart to its GameEnd.
#[derive(Debug, Clone, Default)]
pub struct GameInfo {
    /// The GameStart message: game id, seat, teams, players, time control,
    /// and the game's own part (ruleset, first dealer or banker).
    pub start: GameStart,
    /// Every event received so far, in engine order.
    pub history: Vec<GameEvent>,
    /// The Result once the game has ended.
    pub result: Option<GameResult>,
}

impl GameInfo {
    /// The game's name: "zetema", "pontoon", "scotch_whist", "high_card", ...
    pub fn game(&self) -> &str {
        if self.start.game.is_empty() {
            "zetema"
        } else {
            &self.start.game
        }
    }

    pub fn seat(&self) -> i32 {
        self.start.seat
    }

    /// The other seats of this bot's team.
    pub fn partners(&self) -> Vec<i32> {
        let teams = &self.start.teams;
        let Some(&mine) = teams.get(self.start.seat as usize) else { return vec![] };
        (0..teams.len() as i32).filter(|&s| s != self.start.seat && teams[s as usize] == mine).collect()
    }
}

/// A decision's game-specific part: the typed observation and legal
/// actions of Zetema, Pontoon or Scotch Whist, or, for any other game, what
/// the seat sees and the legal actions in the game's text notation.
#[derive(Debug, Clone, Copy)]
pub enum Observation<'a> {
    Zetema(&'a zetema::Decision),
    Pontoon(&'a pontoon::Decision),
    ScotchWhist(&'a scotch_whist::Decision),
    Text(&'a arbiter::TextDecision),
}

/// The callback's argument.
#[derive(Debug, Clone, Copy)]
pub struct Decision<'a> {
    /// The DecisionRequest as received: request id, the clock
    /// (`time_left_ms`, `move_limit_ms`, `bank_ms`), `legal_action_points`.
    pub request: &'a DecisionRequest,
    /// The game, when its GameStart came first (it always does from a real arbiter).
    pub game: Option<&'a GameInfo>,
    pub observation: Observation<'a>,
}

impl<'a> Decision<'a> {
    pub(crate) fn new(request: &'a DecisionRequest, game: Option<&'a GameInfo>) -> Result<Decision<'a>, Error> {
        use decision_request::Decision as D;
        let observation = match &request.decision {
            Some(D::Zetema(d)) => Observation::Zetema(d),
            Some(D::Pontoon(d)) => Observation::Pontoon(d),
            Some(D::ScotchWhist(d)) => Observation::ScotchWhist(d),
            Some(D::Text(d)) => Observation::Text(d),
            None => {
                let id = request.request_id;
                let what = "a game this SDK does not know (no decision it can read): update the SDK";
                return Err(Error::Protocol(format!("decision request {id} is for {what}")));
            }
        };
        Ok(Decision { request, game, observation })
    }

    /// How many legal actions there are: an index below it is an answer.
    pub fn num_legal_actions(&self) -> usize {
        self.legal_texts().len()
    }

    /// Every legal action in the game's text notation, in order.
    pub fn legal_texts(&self) -> Vec<&'a str> {
        match self.observation {
            Observation::Zetema(d) => d.legal_actions.iter().map(|a| a.text.as_str()).collect(),
            Observation::Pontoon(d) => d.legal_actions.iter().map(|a| a.text.as_str()).collect(),
            Observation::ScotchWhist(d) => d.legal_actions.iter().map(|a| a.text.as_str()).collect(),
            Observation::Text(d) => d.legal_actions.iter().map(String::as_str).collect(),
        }
    }

    /// The game's name ("zetema", "pontoon", "scotch_whist", or a text-only game's).
    pub fn game_name(&self) -> &'a str {
        match (self.observation, self.game) {
            (Observation::Zetema(_), _) => "zetema",
            (Observation::Pontoon(_), _) => "pontoon",
            (Observation::ScotchWhist(_), _) => "scotch_whist",
            (Observation::Text(_), Some(game)) => game.game(),
            (Observation::Text(_), None) => "text",
        }
    }

    /// The reply for an answer, or an error naming what is wrong with it.
    pub(crate) fn reply(&self, answer: Answer) -> Result<ActionReply, Error> {
        use action_reply::Answer as A;
        let n = self.num_legal_actions();
        let game = self.game_name();
        let answer = match (answer, self.observation) {
            (Answer::Index(i), _) if i < n => A::Index(i as u32),
            (Answer::Index(i), _) => {
                return Err(Error::Answer(format!("the callback returned index {i}, but there are {n} legal actions")))
            }
            (Answer::Text(text), _) => A::Text(text),
            (Answer::Zetema(a), Observation::Zetema(_)) => A::Action(a),
            (Answer::Pontoon(a), Observation::Pontoon(_)) => A::Pontoon(a),
            (Answer::ScotchWhist(a), Observation::ScotchWhist(_)) => A::ScotchWhist(a),
            (other, _) => {
                return Err(Error::Answer(format!(
                    "the callback returned {}, no answer to a {game} decision: return an index, \
                     action text such as \"discard 9H\", or this game's Action",
                    other.describe()
                )))
            }
        };
        Ok(ActionReply { request_id: self.request.request_id, answer: Some(answer) })
    }
}

/// What the callback returns: an index into the legal actions, text in the
/// game's notation ("discard 9H", "twist", "play TH": the arbiter judges it),
/// or a game's Action message (sent structured). `From` makes each of these
/// from a `usize`, a `&str` or `String`, or the Action message.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Index(usize),
    Text(String),
    Zetema(zetema::Action),
    Pontoon(pontoon::Action),
    ScotchWhist(scotch_whist::Action),
}

impl Answer {
    fn describe(&self) -> &'static str {
        match self {
            Answer::Index(_) => "an index",
            Answer::Text(_) => "text",
            Answer::Zetema(_) => "a Zetema action",
            Answer::Pontoon(_) => "a Pontoon action",
            Answer::ScotchWhist(_) => "a Scotch Whist action",
        }
    }
}

impl From<usize> for Answer {
    fn from(index: usize) -> Answer {
        Answer::Index(index)
    }
}

impl From<&str> for Answer {
    fn from(text: &str) -> Answer {
        Answer::Text(text.to_owned())
    }
}

impl From<String> for Answer {
    fn from(text: String) -> Answer {
        Answer::Text(text)
    }
}

impl From<zetema::Action> for Answer {
    fn from(action: zetema::Action) -> Answer {
        Answer::Zetema(action)
    }
}

impl From<pontoon::Action> for Answer {
    fn from(action: pontoon::Action) -> Answer {
        Answer::Pontoon(action)
    }
}

impl From<scotch_whist::Action> for Answer {
    fn from(action: scotch_whist::Action) -> Answer {
        Answer::ScotchWhist(action)
    }
}
