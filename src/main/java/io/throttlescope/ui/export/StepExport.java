package io.throttlescope.ui.export;

import io.throttlescope.files.SafeOutput;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.text.Escape;
import io.throttlescope.trace.Trace;
import io.throttlescope.ui.state.Headless;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.Explainer;
import io.throttlescope.view.Run;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Parent;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * A step sequence for class: the window at each visible event between two times (or at chosen
 * events), as numbered PNGs in a folder, an animated GIF, or one self-contained HTML slide deck with
 * the explanation under each picture.
 */
public final class StepExport {
    public enum Format {
        png,
        gif,
        html
    }

    /** What to export: the scenario, the model, the events (indices) and where. */
    /** max: at most this many frames (a lesson's slides too). */
    public record Options(
            Path scenario,
            String model,
            List<Integer> events,
            int width,
            int height,
            Format format,
            Path out,
            boolean lesson,
            long from,
            long to,
            int max) {
        public Options(
                Path scenario, String model, List<Integer> events, int width, int height, Format format, Path out) {
            this(scenario, model, events, width, height, format, out, false, 0, Long.MAX_VALUE, MAX_FRAMES);
        }

        public Options(
                Path scenario,
                String model,
                List<Integer> events,
                int width,
                int height,
                Format format,
                Path out,
                boolean lesson,
                long from,
                long to) {
            this(scenario, model, events, width, height, format, out, lesson, from, to, MAX_FRAMES);
        }
    }

    /** No export makes more frames than this (--max is at most 500; a lesson of many stops is cut here too). */
    public static final int MAX_FRAMES = 500;

    /** One rendered step: the picture and what the explanation says. */
    public record Frame(int event, String title, String text, BufferedImage image, Map<String, String> links) {
        public Frame(int event, String title, String text, BufferedImage image) {
            this(event, title, text, image, Map.of());
        }
    }

    /** The kernel functions the explanation of event i names, each with its source link. */
    static Map<String, String> links(Run r, int i) {
        Map<String, String> out = new LinkedHashMap<>();
        if (i < 0) return out;
        var ex = Explainer.explain(r, r.index().at(i), i);
        for (String f : ex.functions()) out.put(f, ex.link(f));
        return out;
    }

    private StepExport() {}

    /** The kinds a lesson in pictures must not lose when steps are thinned: the story's own events. */
    /** The order in which a story's kinds get a step when there are more story events than steps: the throttle's own first. */
    static final List<EventKind> FIRST = List.of(
            EventKind.PARKED,
            EventKind.TASK_WORK_ADDED,
            EventKind.THROTTLE,
            EventKind.UNTHROTTLE,
            EventKind.UNPARKED,
            EventKind.UNTHROTTLE_REFUSED,
            EventKind.HUNG_TASK,
            EventKind.LOCK_ACQUIRE,
            EventKind.LOCK_RELEASE,
            EventKind.LOCK_WAIT,
            EventKind.NOTE);

    static final Set<EventKind> STORY = EnumSet.of(
            EventKind.THROTTLE,
            EventKind.UNTHROTTLE,
            EventKind.UNTHROTTLE_REFUSED,
            EventKind.TASK_WORK_ADDED,
            EventKind.PARKED,
            EventKind.UNPARKED,
            EventKind.LOCK_WAIT,
            EventKind.LOCK_ACQUIRE,
            EventKind.LOCK_RELEASE,
            EventKind.HUNG_TASK,
            EventKind.NOTE);

    /**
     * The visible events of a run between two times, at most max of them. With more, the story's
     * events (throttle, task work, park, lock, unthrottle, hung task, note) come first, the first
     * of each kind before any second one, and the rest fill what is left, evenly spread.
     */
    public static List<Integer> between(Run run, long from, long to, int max) {
        Trace tr = run.trace();
        List<Integer> all = new ArrayList<>();
        for (int i = tr.firstAtOrAfter(from); i < tr.size() && tr.time(i) <= to; i++) {
            if (tr.kind(i) != EventKind.STATE) all.add(i);
        }
        if (all.size() <= max) return all;
        List<Integer> story = new ArrayList<>(), rest = new ArrayList<>();
        for (int i : all) (STORY.contains(tr.kind(i)) ? story : rest).add(i);
        TreeSet<Integer> out = new TreeSet<>();
        if (story.size() > max) {
            for (EventKind k : FIRST) { // each kind once, the throttle's own first (a note or a lock step after them)
                if (out.size() >= max) break;
                for (int i : story)
                    if (tr.kind(i) == k) {
                        out.add(i);
                        break;
                    }
            }
            List<Integer> left = new ArrayList<>(story);
            left.removeAll(out);
            out.addAll(evenly(left, max - out.size()));
        } else {
            out.addAll(story);
            out.addAll(evenly(rest, max - story.size()));
        }
        return new ArrayList<>(out);
    }

    private static List<Integer> evenly(List<Integer> from, int n) {
        if (n <= 0 || from.isEmpty()) return List.of();
        if (from.size() <= n) return from;
        List<Integer> out = new ArrayList<>();
        if (n == 1) {
            out.add(from.get(0));
            return out;
        }
        for (int k = 0; k < n; k++) out.add(from.get((int) ((long) k * (from.size() - 1) / (n - 1))));
        return out;
    }

    public static List<Frame> render(Options o, ExportWindow.Factory window) throws Exception {
        return Headless.run(o.width(), o.height(), () -> frames(o, null, true, window));
    }

    /**
     * The same inside a running window (File > Export steps), on the FX thread: an off-screen window
     * of the given size that is never shown; json, if not null, is the scenario as edited.
     */
    public static List<Frame> renderHere(Options o, String json, ExportWindow.Factory window) {
        return frames(o, json, false, window);
    }

    /** Lays the window out at its picture size; an unshown one is sized by hand. */
    private static void layout(Stage stage, int width, int height, boolean shown) {
        Parent root = stage.getScene().getRoot();
        root.applyCss();
        if (!shown && root instanceof Region r) r.resize(width, height);
        root.layout();
    }

    /** The layout audits of the render under way (null: none wanted). FX thread only. */
    private static List<LayoutAudit> audits;

    private static void audit(ExportWindow w, String title) {
        if (audits != null) audits.add(w.audit(audits.size() + 1, title));
    }

    /**
     * As {@link #renderTo}, with the layout audit of every picture put in audits (docs/guide.md,
     * "Layout audit"), made from the window as drawn for it.
     */
    public static int renderTo(Options o, ExportWindow.Factory window, List<LayoutAudit> into) throws Exception {
        return Headless.run(o.width(), o.height(), () -> {
            audits = into;
            try (FrameWriter w = new FrameWriter(o.format(), o.out())) {
                frames(o, null, true, w::add, window);
                w.finish();
                return w.count();
            } finally {
                audits = null;
            }
        });
    }

    /** Where frames go as they are made: a list, or a file written frame by frame. */
    public interface FrameSink {
        void accept(Frame f) throws IOException;
    }

    /** One slide per lesson stop; a question gets two: the question (cursor before the answer), then the answer. */
    private static void lessonFrames(
            ExportWindow w, Stage stage, long from, long to, boolean shown, int max, FrameSink out) throws IOException {
        var bar = w.lessonBar();
        int made = 0;
        for (int k = 0; k < bar.stops() && made < max; k++) {
            bar.show(k);
            long t = bar.placeTime();
            if (t < from || t > to) continue;
            String title = "Stop " + (k + 1) + " of " + bar.stops();
            var q = bar.question();
            if (q != null && bar.waitingForAnswer()) {
                StringBuilder ask = new StringBuilder(bar.text()).append("\n\n").append(q.ask());
                for (int c = 0; c < q.choices().size(); c++)
                    ask.append("\n")
                            .append(c + 1)
                            .append(". ")
                            .append(q.choices().get(c));
                out.accept(snap(w, stage, title + ": question", ask.toString(), shown));
                made++;
                bar.reveal();
                out.accept(snap(w, stage, title + ": answer", bar.verdictText(), shown));
                made++;
            } else {
                out.accept(snap(w, stage, title, bar.text(), shown));
                made++;
            }
        }
        stage.close();
    }

    private static Frame snap(ExportWindow w, Stage stage, String title, String text, boolean shown) {
        layout(stage, (int) stage.getWidth(), (int) stage.getHeight(), shown);
        w.redrawTimelines();
        WritableImage img = stage.getScene().getRoot().snapshot(null, null);
        audit(w, title);
        int at = w.viewState().cursor.get();
        return new Frame(
                at,
                title,
                text,
                SwingFXUtils.fromFXImage(img, null),
                links(w.viewState().run.get(), at));
    }

    private static List<Frame> frames(Options o, String json, boolean show, ExportWindow.Factory window) {
        List<Frame> out = new ArrayList<>();
        try {
            frames(o, json, show, out::add, window);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The frames, each handed to the sink as soon as it is drawn (none is kept here). */
    private static void frames(Options o, String json, boolean show, FrameSink out, ExportWindow.Factory window)
            throws IOException {
        Stage stage = new Stage();
        ExportWindow w = window.on(stage);
        w.rememberRecent(false);
        w.viewState().scale.set(ViewState.autoScale(o.width()));
        if (!(json != null ? w.openJsonNow(json, o.scenario()) : w.openNow(o.scenario())))
            throw new IllegalArgumentException("the scenario does not load; run validate on it");
        stage.setWidth(o.width());
        stage.setHeight(o.height());
        if (show) stage.show();
        layout(stage, o.width(), o.height(), show);
        if (o.lesson()) {
            lessonFrames(w, stage, o.from(), o.to(), show, o.max(), out);
            return;
        }
        w.lessonBar().open(null); // plain steps: the pictures without the lesson bar
        if (o.model() != null) w.switchModel(Simulator.Model.of(o.model()));
        Run r = w.viewState().run.get();
        if (!o.events().isEmpty()) { // zoom to the steps, with as much again on each side
            long a = r.trace().time(o.events().get(0)),
                    b = r.trace().time(o.events().get(o.events().size() - 1));
            long pad = Math.max(1_000_000L, b - a);
            w.viewState().setRange(Math.max(0, a - pad), b + pad);
        }
        for (int n = 0; n < o.events().size(); n++) {
            int i = o.events().get(n);
            w.goTo(i);
            if (n == 0 && !o.events().isEmpty()) {
                long a = r.trace().time(o.events().get(0)),
                        b = r.trace().time(o.events().get(o.events().size() - 1));
                long pad = Math.max(1_000_000L, b - a);
                w.viewState().setRange(Math.max(0, a - pad), b + pad);
            }
            layout(stage, o.width(), o.height(), show);
            w.redrawTimelines();
            WritableImage img = stage.getScene().getRoot().snapshot(null, null);
            audit(w, "Step " + r.index().stepOf(i) + " of " + r.index().steps());
            String text = Explainer.explain(r, r.index().at(i), i, w.viewState().horizon())
                    .text();
            out.accept(new Frame(
                    i,
                    "Step " + r.index().stepOf(i) + " of " + r.index().steps(),
                    text,
                    SwingFXUtils.fromFXImage(img, null),
                    links(r, i)));
        }
        stage.close();
    }

    /**
     * Renders off screen and writes each frame into the output as it is drawn: memory holds one
     * picture, however many steps (500 frames of 1280x800 held together took 2 GB). Returns how many.
     */
    public static int renderTo(Options o, ExportWindow.Factory window) throws Exception {
        return Headless.run(o.width(), o.height(), () -> {
            try (FrameWriter w = new FrameWriter(o.format(), o.out())) {
                frames(o, null, true, w::add, window);
                w.finish();
                return w.count();
            }
        });
    }

    /**
     * Writes frames one by one into PNGs, a GIF or an HTML deck, each through {@link SafeOutput}
     * (a regular file is replaced whole when complete, a device is written through; an interrupted
     * export leaves no half file). PNGs of an earlier export into the same folder past the last
     * frame written are removed at the end, so the folder holds this export's frames only.
     */
    public static final class FrameWriter implements AutoCloseable {
        private final Format format;
        private final Path out;
        private SafeOutput.Pending pending;
        private Writer html;
        private ImageWriter gif;
        private ImageOutputStream gifOut;
        private int count;

        public FrameWriter(Format format, Path out) throws IOException {
            this.format = format;
            this.out = out;
            if (format == Format.png) {
                Path parent = out.toAbsolutePath().getParent();
                if (!Files.isDirectory(out) && (parent == null || !Files.isDirectory(parent)))
                    throw new IOException("cannot write into " + SafeOutput.shown(out) + ": the folder "
                            + SafeOutput.shown(parent == null ? out : parent) + " does not exist");
                if (!Files.isDirectory(out)) Files.createDirectory(out);
                return;
            }
            pending = SafeOutput.begin(out);
            if (format == Format.html) {
                html = new OutputStreamWriter(pending.stream(), StandardCharsets.UTF_8);
                html.write(htmlHead());
            } else {
                gif = ImageIO.getImageWritersByFormatName("gif").next();
                gifOut = ImageIO.createImageOutputStream(pending.stream());
                gif.setOutput(gifOut);
                gif.prepareWriteSequence(null);
            }
        }

        public void add(Frame f) throws IOException {
            try {
                switch (format) {
                    case png -> SafeOutput.writeBytes(frame(out, count), o -> ImageIO.write(f.image(), "png", o));
                    case html -> html.write(htmlSection(f, count));
                    case gif -> gifFrame(gif, f.image(), count, 2000);
                }
            } catch (IOException e) {
                throw pending == null ? e : pending.failed(e);
            }
            count++;
        }

        public int count() {
            return count;
        }

        /** Completes the file and puts it in place; for PNGs, removes an earlier export's frames past this one's. */
        public void finish() throws IOException {
            if (format == Format.png) {
                removeFramesFrom(out, count);
                return;
            }
            try {
                if (format == Format.html) {
                    html.write(htmlTail());
                    html.flush();
                    html = null;
                } else {
                    gif.endWriteSequence();
                    gifOut.close();
                    gifOut = null;
                    gif.dispose();
                    gif = null;
                }
            } catch (IOException e) {
                throw pending.failed(e);
            }
            pending.commit();
        }

        @Override
        public void close() throws IOException {
            if (gifOut != null)
                try {
                    gifOut.close();
                } catch (IOException ignored) {
                }
            if (gif != null) gif.dispose();
            if (pending != null) pending.close();
        }
    }

    /** The file of frame k (0-based) in a folder of PNGs. */
    static Path frame(Path dir, int k) {
        return dir.resolve(String.format("step-%03d.png", k + 1));
    }

    /** Frames from k on (0-based) of an earlier export: removed (only files named as frames are). */
    static void removeFramesFrom(Path dir, int k) throws IOException {
        for (int j = k; j < 1000; j++) { // step-001 to step-999: the names an export gives
            Path f = frame(dir, j);
            if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(f))
                Files.delete(f); // a link, not what it names
        }
    }

    public static void write(List<Frame> frames, Format f, Path out) throws IOException {
        try (FrameWriter w = new FrameWriter(f, out)) {
            for (Frame fr : frames) w.add(fr);
            w.finish();
        }
    }

    private static void gifFrame(ImageWriter w, BufferedImage image, int k, int delayMs) throws IOException {
        BufferedImage rgb = toIndexed(image);
        IIOMetadata meta = w.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(rgb), null);
        String fmt = meta.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) meta.getAsTree(fmt);
        IIOMetadataNode gce = child(root, "GraphicControlExtension");
        gce.setAttribute("disposalMethod", "none");
        gce.setAttribute("userInputFlag", "FALSE");
        gce.setAttribute("transparentColorFlag", "FALSE");
        gce.setAttribute("delayTime", Integer.toString(delayMs / 10));
        gce.setAttribute("transparentColorIndex", "0");
        if (k == 0) {
            IIOMetadataNode apps = child(root, "ApplicationExtensions");
            IIOMetadataNode app = new IIOMetadataNode("ApplicationExtension");
            app.setAttribute("applicationID", "NETSCAPE");
            app.setAttribute("authenticationCode", "2.0");
            app.setUserObject(new byte[] {1, 0, 0}); // loop forever
            apps.appendChild(app);
        }
        meta.setFromTree(fmt, root);
        w.writeToSequence(new IIOImage(rgb, null, meta), null);
    }

    private static BufferedImage toIndexed(BufferedImage src) {
        BufferedImage rgb = new BufferedImage(src.getWidth(), src.getHeight(), BufferedImage.TYPE_INT_RGB);
        rgb.getGraphics().drawImage(src, 0, 0, null);
        return rgb;
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++)
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) return (IIOMetadataNode) root.item(i);
        IIOMetadataNode n = new IIOMetadataNode(name);
        root.appendChild(n);
        return n;
    }

    /** One slide per step: the picture (embedded) and the explanation; arrow keys move between slides. */
    static String html(List<Frame> frames) throws IOException {
        StringBuilder b = new StringBuilder(htmlHead());
        for (int k = 0; k < frames.size(); k++) b.append(htmlSection(frames.get(k), k));
        return b.append(htmlTail()).toString();
    }

    static String htmlHead() {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ThrottleScope steps</title>\n<style>\n"
                + "body{margin:0;font-family:sans-serif;background:#222;color:#eee}section{display:none;padding:1em;text-align:center}"
                + "section.on{display:block}img{max-width:96vw;max-height:78vh;border:1px solid #555}"
                + "p{font-size:1.3em;max-width:70em;margin:0.6em auto;text-align:left}h2{margin:0.2em}p.src{font-size:1em}a{color:#9cf}</style></head><body>\n";
    }

    /** Slide k: the picture (embedded), the explanation and its kernel links; the count of slides is filled in when the page loads. */
    static String htmlSection(Frame f, int k) throws IOException {
        StringBuilder b = new StringBuilder();
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(f.image(), "png", png);
        b.append("<section")
                .append(k == 0 ? " class=\"on\"" : "")
                .append("><h2>")
                .append(esc(f.title()))
                .append(" (")
                .append(k + 1)
                .append("/<span class=\"n\"></span>)</h2><img alt=\"")
                .append(esc(f.title()))
                .append("\" src=\"data:image/png;base64,")
                .append(Base64.getEncoder().encodeToString(png.toByteArray()))
                .append("\"><p>")
                .append(esc(f.text()))
                .append("</p>");
        if (!f.links().isEmpty()) { // the kernel source the explanation names
            b.append("<p class=\"src\">Kernel source: ");
            int n = 0;
            for (var e : f.links().entrySet())
                b.append(n++ == 0 ? "" : ", ")
                        .append("<a href=\"")
                        .append(esc(e.getValue()))
                        .append("\">")
                        .append(esc(e.getKey()))
                        .append("</a>");
            b.append("</p>");
        }
        return b.append("</section>\n").toString();
    }

    static String htmlTail() {
        return "<script>let i=0;const s=document.querySelectorAll('section');document.querySelectorAll('span.n').forEach(e=>e.textContent=s.length);"
                + "function go(d){s[i].className='';i=Math.max(0,Math.min(s.length-1,i+d));s[i].className='on';}"
                + "document.addEventListener('keydown',e=>{if(e.key==='ArrowRight'||e.key===' '||e.key==='PageDown')go(1);if(e.key==='ArrowLeft'||e.key==='PageUp')go(-1);});"
                + "document.addEventListener('click',e=>{if(e.target.tagName!=='A')go(1);});</script></body></html>\n";
    }

    private static String esc(String s) {
        return Escape.controls(s)
                .replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
