"""Learn to beat the random bot at heads-up seven-card stud on the Gymnasium environment.

    python examples/train_vs_random.py [--hands 6000] [--eval-hands 3000] [--seed 1]

A linear softmax policy over the observation vector (masked to the legal ids), trained with
REINFORCE (the hand's result in big bets, minus a running baseline) against studkit's random
bot, with numpy only. Before and after training it plays the same evaluation hands (the same
seeds, so the same cards) and prints the mean result per hand with its standard error;
untrained, the policy is uniformly random over the legal ids, i.e. the random bot itself.
Needs the rl extra: pip install 'studkit[rl]'.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np
import numpy.typing as npt

import studkit.rl as rl

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """Softmax over ``features @ weights``, restricted to the legal ids."""

    def __init__(self, inputs: int, actions: int) -> None:
        self.weights = np.zeros((inputs + 1, actions))

    @staticmethod
    def features(observation: npt.NDArray[np.float32]) -> Array:
        # Chip amounts reach 100 big bets: squash every field into 0..1 so no input dominates.
        clipped = np.minimum(observation.astype(np.float64), 4.0) / 4.0
        return np.append(clipped, 1.0)

    def probabilities(self, features: Array, mask: npt.NDArray[np.int8]) -> Array:
        logits = features @ self.weights
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()  # type: ignore[no-any-return]


def play(env: rl.SingleAgentEnv, policy: LinearPolicy, seed: int, rng: np.random.Generator,
         trace: list[tuple[Array, int, Array]] | None = None) -> float:
    """One hand; returns the agent's result in big bets (``trace`` collects the steps)."""
    observation, info = env.reset(seed=seed)
    while True:
        features = policy.features(observation)
        probabilities = policy.probabilities(features, info["action_mask"])
        action = int(rng.choice(len(probabilities), p=probabilities))
        if trace is not None:
            trace.append((features, action, probabilities))
        observation, reward, terminated, _, info = env.step(action)
        if terminated:
            return float(reward)


def evaluate(env: rl.SingleAgentEnv, policy: LinearPolicy, hands: int) -> tuple[float, float]:
    rng = np.random.default_rng(12345)
    results = [play(env, policy, 10_000_000 + i, rng) for i in range(hands)]
    mean = sum(results) / hands
    spread = math.sqrt(sum((r - mean) ** 2 for r in results) / (hands - 1))
    return mean, spread / math.sqrt(hands)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=6000, help="training hands")
    parser.add_argument("--eval-hands", type=int, default=3000)
    parser.add_argument("--learning-rate", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    env = rl.SingleAgentEnv("seven-card-stud", opponents="random", players=2, seat=0)
    policy = LinearPolicy(env.observation_space.shape[0], int(env.action_space.n))
    before, before_error = evaluate(env, policy, args.eval_hands)
    print(f"untrained (uniformly random): {before:+.3f} ± {before_error:.3f} big bets/hand "
          f"over {args.eval_hands} hands against the random bot")
    rng = np.random.default_rng(args.seed)
    baseline = 0.0
    started = time.perf_counter()
    for hand in range(args.hands):
        trace: list[tuple[Array, int, Array]] = []
        result = play(env, policy, args.seed * 1_000_003 + hand, rng, trace)
        advantage = result - baseline
        baseline += 0.01 * (result - baseline)
        for features, action, probabilities in trace:
            step = -probabilities
            step[action] += 1.0
            policy.weights += args.learning_rate * advantage * np.outer(features, step)
    elapsed = time.perf_counter() - started
    after, after_error = evaluate(env, policy, args.eval_hands)
    print(f"trained on {args.hands} hands in {elapsed:.0f} s: {after:+.3f} ± {after_error:.3f} "
          f"big bets/hand over the same {args.eval_hands} hands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
