package settings

import (
	"encoding/json"
	"strings"
)

// HowtoVideoPrefix is the path under which the server serves the how-to
// videos it bundles (recorded from the app: make howto-videos), one MP4
// per video and language: /media/howto/<lang>/<video>.mp4.
const HowtoVideoPrefix = "/media/howto/"

// HowtoVideos are the five how-to videos, in the order the app lists them.
func HowtoVideos() []string { return append([]string(nil), howtos...) }

// BundledHowtoVideo is the path of the bundled video in lang (one of
// Langs).
func BundledHowtoVideo(lang, video string) string {
	return HowtoVideoPrefix + lang + "/" + video + ".mp4"
}

// HowtoPoster is the path of a bundled video's poster (its first frame,
// shown before play), served next to it: the video's path with .webp for
// .mp4. A link that is not a bundled video has none ("").
func HowtoPoster(video string) string {
	if base, ok := strings.CutSuffix(video, ".mp4"); ok && strings.HasPrefix(video, HowtoVideoPrefix) {
		return base + ".webp"
	}
	return ""
}

// withBundledVideos fills the how-to videos an info document in lang
// leaves null or empty with the bundled ones: the operator's link wins,
// and an install whose info predates the bundled videos (all null) plays
// them without an edit. A document that is not an info object is
// returned as it is.
func withBundledVideos(doc json.RawMessage, lang string) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(doc, &m) != nil || m == nil {
		return doc
	}
	videos := map[string]*string{}
	if raw, ok := m["howtoVideos"]; ok && json.Unmarshal(raw, &videos) != nil {
		return doc
	}
	if videos == nil {
		videos = map[string]*string{}
	}
	for _, k := range howtos {
		if v := videos[k]; v == nil || *v == "" {
			bundled := BundledHowtoVideo(lang, k)
			videos[k] = &bundled
		}
	}
	b, err := json.Marshal(videos)
	if err != nil {
		return doc
	}
	m["howtoVideos"] = b
	out, err := json.Marshal(m)
	if err != nil {
		return doc
	}
	return out
}
