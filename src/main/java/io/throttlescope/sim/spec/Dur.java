package io.throttlescope.sim.spec;

import java.util.SplittableRandom;

/** A duration of the scenario format: fixed, or drawn from the run's seeded generator. */
public sealed interface Dur {
    long sample(SplittableRandom rng);

    /** Upper estimate used by static checks (the mean for exponential draws). */
    long typical();

    record Fixed(long ns) implements Dur {
        @Override
        public long sample(SplittableRandom rng) {
            return ns;
        }

        @Override
        public long typical() {
            return ns;
        }
    }

    record Uniform(long lo, long hi) implements Dur {
        @Override
        public long sample(SplittableRandom rng) {
            return lo == hi ? lo : lo + rng.nextLong(hi - lo + 1);
        }

        @Override
        public long typical() {
            return (lo + hi) / 2;
        }
    }

    record Exponential(long mean) implements Dur {
        @Override
        public long sample(SplittableRandom rng) {
            double u = rng.nextDouble();
            return Math.max(1, Math.round(-Math.log(1.0 - u) * mean));
        }

        @Override
        public long typical() {
            return mean;
        }
    }

    static Dur ns(long ns) {
        return new Fixed(ns);
    }

    static Dur us(long us) {
        return new Fixed(us * 1_000L);
    }

    static Dur ms(long ms) {
        return new Fixed(ms * 1_000_000L);
    }
}
