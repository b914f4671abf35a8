package io.throttlescope.ui.export;

import com.google.gson.GsonBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one picture of the window shows, checked (the layout audit of {@code steps --audit} and
 * {@code screenshot --audit}): the lanes and side views whole on screen, every text whose shown text
 * differs from its text (cut or ellipsised), and the stop's subject (its explanation, lesson text,
 * named views and lanes, highlighted task) with what of it is not whole.
 */
public record LayoutAudit(
        int slide,
        String title,
        int width,
        int height,
        List<String> lanesWhole,
        List<String> lanesCut,
        List<String> viewsWhole,
        List<String> viewsCut,
        List<CutText> cutTexts,
        List<String> subject,
        List<String> subjectNotWhole) {
    /** A text node that does not show all of its text: where, what it says, what is seen. */
    public record CutText(String node, String text, String shown) {}

    public boolean subjectWhole() {
        return subjectNotWhole.isEmpty();
    }

    /** Nothing of the subject is cut or hidden, and no text is cut. */
    public boolean ok() {
        return subjectWhole() && cutTexts.isEmpty();
    }

    /** The audit file: every slide, and whether all pass. */
    public static String json(List<LayoutAudit> slides) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("format", 1);
        o.put("ok", slides.stream().allMatch(LayoutAudit::ok));
        List<Map<String, Object>> list = new ArrayList<>();
        for (LayoutAudit a : slides) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("slide", a.slide);
            m.put("title", a.title);
            m.put("size", a.width + "x" + a.height);
            m.put("subject", a.subject);
            m.put("subject_whole", a.subjectWhole());
            m.put("subject_not_whole", a.subjectNotWhole);
            m.put("cut_texts", a.cutTexts);
            m.put("lanes_whole", a.lanesWhole);
            m.put("lanes_cut", a.lanesCut);
            m.put("views_whole", a.viewsWhole);
            m.put("views_cut", a.viewsCut);
            list.add(m);
        }
        o.put("slides", list);
        return new GsonBuilder()
                        .setPrettyPrinting()
                        .disableHtmlEscaping()
                        .serializeNulls()
                        .create()
                        .toJson(o) + "\n";
    }

    /** One line a failing slide, for the command's error output. */
    public String problems() {
        List<String> p = new ArrayList<>();
        if (!subjectNotWhole.isEmpty()) p.add("not whole: " + String.join(", ", subjectNotWhole));
        for (CutText c : cutTexts) p.add("cut: " + c.node() + " \u201c" + c.shown() + "\u201d");
        return String.join("; ", p);
    }
}
