package io.throttlescope.sim;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.throttlescope.scenario.ScenarioLoader;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many random small scenarios under both models with the invariants checked after every event
 * (a broken invariant throws), plus the time accounting: each task's states sum to its lifetime.
 */
class RandomScenarioProperties {

    @Property(tries = 400)
    void invariantsHoldAfterEveryEvent(@ForAll("scenarios") String json) {
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(json);
        assertThat(l.problems()).as(json).isEmpty();
        for (Simulator.Model m : Simulator.Model.values()) {
            SimRun r = SimRun.of(l.spec(), m); // enables the invariant checks
            assertThat(r.result.faults()).as(m + " " + json).isEmpty(); // e.g. tg_throttle_down's non-empty limbo WARN
            for (var e : r.result.tasks().entrySet()) {
                RunResult.TaskStat t = e.getValue();
                long sum = t.cpu_ns()
                        + t.runnable_ns()
                        + t.throttled_ns()
                        + t.parked_ns()
                        + t.sleeping_ns()
                        + t.blocked_ns();
                long end = t.exited_ns() != null ? t.exited_ns() : r.result.end_ns();
                long start = r.first(EventKind.START, e.getKey());
                assertThat(sum).as(m + " " + e.getKey() + " in " + json).isEqualTo(end - start);
                assertThat(t.user_ns() + t.kernel_ns()).isEqualTo(t.cpu_ns());
            }
            if (m == Simulator.Model.LEGACY) {
                assertThat(r.times(EventKind.PARKED, null)).isEmpty();
                assertThat(r.result.tasks().values())
                        .allSatisfy(t -> assertThat(t.parked_ns()).isZero());
            } else {
                assertThat(r.result.tasks().values())
                        .allSatisfy(t -> assertThat(t.throttled_ns()).isZero());
            }
            long usage = 0;
            for (RunResult.TaskStat t : r.result.tasks().values()) usage += t.cpu_ns();
            assertThat(usage).isLessThanOrEqualTo(r.result.end_ns() * r.sim.cpuCount());
        }
    }

    @Provide
    Arbitrary<String> scenarios() {
        Arbitrary<Integer> cpus = Arbitraries.integers().between(1, 3);
        Arbitrary<List<Integer>> quotas =
                Arbitraries.integers().between(0, 30).list().ofSize(3);
        Arbitrary<List<Integer>> kinds =
                Arbitraries.integers().between(0, 7).list().ofMinSize(1).ofMaxSize(6);
        Arbitrary<Boolean> exact = Arbitraries.of(true, false);
        Arbitrary<Boolean> full = Arbitraries.of(true, false);
        Arbitrary<Long> seed = Arbitraries.longs().between(1, 1000);
        return Combinators.combine(cpus, quotas, kinds, exact, full, seed).as(RandomScenarioProperties::build);
    }

    static String build(int cpus, List<Integer> quotas, List<Integer> kinds, boolean exact, boolean full, long seed) {
        JsonObject o = new JsonObject();
        o.addProperty("format", 1);
        o.addProperty("name", "random");
        o.addProperty("duration", "300ms");
        o.addProperty("seed", seed);
        JsonObject k = new JsonObject();
        k.addProperty("cpus", cpus);
        k.addProperty("accounting", exact ? "exact" : "tick");
        k.addProperty("preemption", full ? "full" : "none");
        k.addProperty("hung_task_timeout", "100ms");
        k.addProperty("switch_cost", seed % 2 == 0 ? "5us" : "0ns");
        o.add("kernel", k);
        JsonObject cg = new JsonObject();
        String[] paths = {"/A", "/A/B", "/C"};
        for (int i = 0; i < 3; i++) {
            JsonObject c = new JsonObject();
            int q = quotas.get(i);
            c.addProperty("cpu.max", q == 0 ? "max 100000" : (1000 + q * 1000) + " " + (i == 2 ? 50000 : 100000));
            if (i == 1) c.addProperty("period_phase", "7ms");
            cg.add(paths[i], c);
        }
        o.add("cgroups", cg);
        JsonObject locks = new JsonObject();
        locks.add("sem", type("percpu_rwsem"));
        locks.add("m", type("mutex"));
        o.add("locks", locks);
        JsonObject pipes = new JsonObject();
        JsonObject p = new JsonObject();
        p.addProperty("capacity", 2);
        pipes.add("p", p);
        o.add("pipes", pipes);
        JsonArray tasks = new JsonArray();
        boolean sender = false, receiver = false;
        for (int i = 0; i < kinds.size(); i++) {
            JsonObject t = new JsonObject();
            t.addProperty("name", "t" + i);
            t.addProperty("cgroup", paths[i % 3]);
            if (i % 4 == 3) t.addProperty("cpus", "0");
            t.addProperty("start", (i * 3) + "ms");
            int kind = kinds.get(i);
            if (kind == 7) t.addProperty("kthread", true);
            t.add("program", program(kind));
            sender |= kind == 5;
            receiver |= kind == 6;
            tasks.add(t);
        }
        if (receiver && !sender) {
            JsonObject t = new JsonObject();
            t.addProperty("name", "feeder");
            t.add("program", program(5));
            tasks.add(t);
        }
        o.add("tasks", tasks);
        JsonArray actions = new JsonArray();
        actions.add(action("100ms", "set_affinity", "t0", "cpus", String.valueOf(cpus - 1)));
        actions.add(action("150ms", "move", "t0", "cgroup", "/C"));
        JsonObject w = new JsonObject();
        w.addProperty("at", "200ms");
        JsonObject wr = new JsonObject();
        wr.addProperty("cgroup", "/A");
        wr.addProperty("file", "cpu.max");
        wr.addProperty("value", "3000 100000");
        w.add("write", wr);
        actions.add(w);
        o.add("actions", actions);
        return o.toString();
    }

    private static JsonObject type(String t) {
        JsonObject o = new JsonObject();
        o.addProperty("type", t);
        return o;
    }

    private static JsonObject action(String at, String kind, String task, String key, String value) {
        JsonObject a = new JsonObject();
        a.addProperty("at", at);
        JsonObject v = new JsonObject();
        v.addProperty("task", task);
        v.addProperty(key, value);
        a.add(kind, v);
        return a;
    }

    private static JsonArray program(int kind) {
        String s = switch (kind) {
            case 0 -> "[{\"loop\": [{\"user\": \"700us\"}]}]";
            case 1 -> "[{\"loop\": [{\"user\": \"300us\"}, {\"syscall\": \"k\", \"do\": [{\"kernel\": \"2ms\"}]}]}]";
            case 2 -> "[{\"loop\": [{\"user\": {\"uniform\": [\"100us\", \"2ms\"]}}, {\"sleep\": \"3ms\"}]}]";
            case 3 ->
                "[{\"loop\": [{\"syscall\": \"r\", \"do\": [{\"down_read\": \"sem\"}, {\"kernel\": \"200us\"}, {\"up_read\": \"sem\"}]}, {\"user\": \"1ms\"}]}]";
            case 4 ->
                "[{\"loop\": [{\"syscall\": \"w\", \"do\": [{\"down_write\": \"sem\"}, {\"kernel\": \"1ms\"}, {\"up_write\": \"sem\"}, {\"lock\": \"m\"}, {\"kernel\": \"100us\"}, {\"unlock\": \"m\"}]}, {\"user\": \"2ms\"}], \"times\": 20}]";
            case 5 -> "[{\"loop\": [{\"user\": \"150us\"}, {\"send\": \"p\"}]}]";
            case 6 -> "[{\"loop\": [{\"recv\": \"p\"}, {\"user\": \"100us\"}]}]";
            default ->
                "[{\"loop\": [{\"kernel\": \"400us\"}, {\"sleep\": \"1ms\", \"uninterruptible\": true}, {\"lock\": \"m\"}, {\"kernel\": \"50us\"}, {\"unlock\": \"m\"}]}]";
        };
        return com.google.gson.JsonParser.parseString(s).getAsJsonArray();
    }
}
