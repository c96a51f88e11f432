"""A baseline learning agent in numpy: Deep Monte-Carlo's Q(s, a) over each legal
action (`qnet`), its action features (`features`), and the policy that plays a
checkpoint (`policy`), which any command or the service can seat as a named bot
(`fenpai.named`)."""

from fenpai.agents.features import NUM_FEATURES, action_features
from fenpai.agents.policy import Checkpoints, QPolicy, load
from fenpai.agents.qnet import Adam, QNet

__all__ = ["NUM_FEATURES", "Adam", "Checkpoints", "QNet", "QPolicy", "action_features", "load"]
