"""A small DQN trained through OpenSpiel's rl_environment on a senet-sim game, then measured
against OpenSpiel's random agent: the check that the game can be learned (issue 80).

    .venv/bin/python scripts/rl_dqn.py --episodes 3000 --eval 2000 --seed 1

The network is numpy only (OpenSpiel's own DQN needs PyTorch or TensorFlow): 105 observation
values, one hidden layer of 64 ReLU units, a Q-value per action, illegal actions masked; Adam,
a replay buffer, a target network copied every 500 updates, ε-greedy from 0.5 down to 0.05. A
transition runs from one of the agent's decisions to its next (or the end), the reward the
game's return, no discount: the environment's own time steps, as OpenSpiel's DQN takes them.
It plays white in even episodes and black in odd ones, against the random agent.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np


class Network:
    """An MLP with Adam: `q(obs)` the Q-values, `fit(obs, actions, targets)` one step."""

    def __init__(self, inputs, hidden, outputs, rng, lr=1e-3):
        scale = lambda n: math.sqrt(2.0 / n)  # noqa: E731
        self.params = [
            rng.normal(0, scale(inputs), (inputs, hidden)),
            np.zeros(hidden),
            rng.normal(0, scale(hidden), (hidden, outputs)) * 0.1,
            np.zeros(outputs),
        ]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0
        self.lr = lr

    def q(self, obs, params=None):
        w1, b1, w2, b2 = params or self.params
        h = np.maximum(obs @ w1 + b1, 0.0)
        return h @ w2 + b2, h

    def fit(self, obs, actions, targets):
        w1, b1, w2, b2 = self.params
        q, h = self.q(obs)
        rows = np.arange(len(actions))
        err = np.zeros_like(q)
        diff = q[rows, actions] - targets
        # Huber loss's gradient, clipped at 1.
        err[rows, actions] = np.clip(diff, -1.0, 1.0) / len(actions)
        gw2 = h.T @ err
        gb2 = err.sum(0)
        dh = (err @ w2.T) * (h > 0)
        gw1 = obs.T @ dh
        gb1 = dh.sum(0)
        self.t += 1
        for i, g in enumerate([gw1, gb1, gw2, gb2]):
            self.m[i] = 0.9 * self.m[i] + 0.1 * g
            self.v[i] = 0.999 * self.v[i] + 0.001 * g * g
            mh = self.m[i] / (1 - 0.9**self.t)
            vh = self.v[i] / (1 - 0.999**self.t)
            self.params[i] -= self.lr * mh / (np.sqrt(vh) + 1e-8)
        return float(np.mean(diff**2))


class Learner:
    """The shared brain: network, target network, replay buffer."""

    def __init__(self, obs_len, actions, seed, capacity=50_000, batch=64):
        self.rng = np.random.default_rng(seed)
        self.net = Network(obs_len, 64, actions, self.rng)
        self.target = [p.copy() for p in self.net.params]
        self.actions = actions
        self.capacity, self.batch = capacity, batch
        self.obs = np.zeros((capacity, obs_len), np.float32)
        self.next_obs = np.zeros((capacity, obs_len), np.float32)
        self.next_mask = np.zeros((capacity, actions), bool)
        self.act = np.zeros(capacity, np.int64)
        self.rew = np.zeros(capacity, np.float32)
        self.done = np.zeros(capacity, bool)
        self.size = self.pos = self.updates = self.added = 0

    def add(self, obs, action, reward, next_obs, next_legal, done):
        i = self.pos
        self.obs[i], self.act[i], self.rew[i], self.done[i] = obs, action, reward, done
        self.next_obs[i] = next_obs
        self.next_mask[i] = False
        self.next_mask[i, next_legal] = True
        self.pos = (self.pos + 1) % self.capacity
        self.added += 1
        self.size = min(self.size + 1, self.capacity)

    def learn(self):
        if self.size < 1000:
            return
        idx = self.rng.integers(0, self.size, self.batch)
        q_next, _ = self.net.q(self.next_obs[idx], self.target)
        q_next = np.where(self.next_mask[idx], q_next, -np.inf).max(1)
        q_next = np.where(self.done[idx] | ~np.isfinite(q_next), 0.0, q_next)
        self.net.fit(self.obs[idx], self.act[idx], self.rew[idx] + q_next)
        self.updates += 1
        if self.updates % 500 == 0:
            self.target = [p.copy() for p in self.net.params]

    def greedy(self, obs, legal):
        q, _ = self.net.q(np.asarray(obs, np.float32)[None])
        return legal[int(np.argmax(q[0, legal]))]


class DQNAgent:
    """One seat of the shared learner, shaped as OpenSpiel's rl_agent agents."""

    def __init__(self, player_id, learner):
        self.player_id = player_id
        self.learner = learner
        self.epsilon = 0.5
        self._prev = None

    def step(self, time_step, is_evaluation=False):
        p = self.player_id
        obs = time_step.observations["info_state"][p]
        if time_step.last():
            if self._prev is not None and not is_evaluation:
                prev_obs, prev_action = self._prev
                self.learner.add(prev_obs, prev_action, time_step.rewards[p], obs, [], True)
            self._prev = None
            return None
        legal = time_step.observations["legal_actions"][p]
        if not is_evaluation and self._prev is not None:
            prev_obs, prev_action = self._prev
            self.learner.add(prev_obs, prev_action, 0.0, obs, legal, False)
            self.learner.learn()
        rng = self.learner.rng
        if not is_evaluation and rng.random() < self.epsilon:
            action = int(rng.choice(legal))
        else:
            action = int(self.learner.greedy(obs, legal))
        if not is_evaluation:
            self._prev = (obs, action)
        return action


def play(env, agents, is_evaluation):
    """One episode; returns the time step at its end."""
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        agent = agents[player]
        if isinstance(agent, DQNAgent):
            action = agent.step(step, is_evaluation)
        else:
            action = int(agent.step(step).action)
        step = env.step([action])
    for agent in agents:
        if isinstance(agent, DQNAgent):
            agent.step(step, is_evaluation)
    return step


def train_and_measure(episodes=3000, evaluations=2000, seed=1, pawns=2, variant="tejon"):
    """Trains for `episodes` against random, then plays `evaluations` greedy games against
    it; returns (win rate, its 95 % interval, decisions learned from, seconds)."""
    import pyspiel
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent

    from senet_sim import openspiel

    openspiel.register([variant])
    game = pyspiel.load_game(openspiel.game_name(variant), {"pawns": pawns})
    env = rl_environment.Environment(game, seed=seed)
    actions = env.action_spec()["num_actions"]
    learner = Learner(env.observation_spec()["info_state"][0], actions, seed)
    learners = [DQNAgent(0, learner), DQNAgent(1, learner)]
    np.random.seed(seed)  # the random agent draws from numpy's global stream
    randoms = [random_agent.RandomAgent(p, actions) for p in (0, 1)]
    start = time.time()
    for e in range(episodes):
        me = e % 2
        for agent in learners:
            agent.epsilon = max(0.05, 0.5 - 0.45 * e / (0.8 * episodes))
        agents = [learners[0], randoms[1]] if me == 0 else [randoms[0], learners[1]]
        play(env, agents, is_evaluation=False)
    wins = 0
    for e in range(evaluations):
        me = e % 2
        agents = [learners[0], randoms[1]] if me == 0 else [randoms[0], learners[1]]
        step = play(env, agents, is_evaluation=True)
        wins += step.rewards[me] > 0
    rate = wins / evaluations
    half = 1.96 * math.sqrt(rate * (1 - rate) / evaluations)
    return rate, (rate - half, rate + half), learner.added, time.time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--eval", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pawns", type=int, default=2)
    parser.add_argument("--variant", default="tejon")
    args = parser.parse_args()
    rate, (lo, hi), seen, seconds = train_and_measure(
        args.episodes, args.eval, args.seed, args.pawns, args.variant
    )
    print(
        f"{args.variant}, {args.pawns} pawns: DQN trained {args.episodes} episodes "
        f"({seen} transitions) wins {rate:.3f} [{lo:.3f}, {hi:.3f}] of {args.eval} games "
        f"against random, sides alternating ({seconds:.0f} s)"
    )


if __name__ == "__main__":
    main()
