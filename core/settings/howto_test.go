package settings

import (
	"context"
	"encoding/json"
	"testing"
)

// TestHowtoVideosServed: the info lookup serves the operator's video
// links, and the bundled video of the asked language for one left null or
// empty: a fresh install's defaults, and an install whose stored info
// predates the bundled videos, play them without an edit.
func TestHowtoVideosServed(t *testing.T) {
	titles := `"howtoTitles":{"wallet":"a","play":"b","balance":"c","bonus":"d","bonusCancel":"e"}`
	nulls := `{"name":"N","website":"https://n.example","howtoVideos":{"wallet":null,"play":null,"balance":null,"bonus":null,"bonusCancel":null},` + titles + `}`
	mixed := `{"name":"N","website":"https://n.example","howtoVideos":{"wallet":"https://cdn.example/w.mp4","play":"","balance":"/files/b.mp4","bonus":null},` + titles + `}`
	for _, tc := range []struct {
		name   string
		stored string // the stored info; empty: the defaults
		lang   string
		want   map[string]string
	}{
		{"OKDefaultsThai", "", LangTH, bundled(LangTH)},
		{"OKDefaultsLao", "", LangLA, bundled(LangLA)},
		{"OKDefaultsEnglish", "", LangEN, bundled(LangEN)},
		{"OKEarlierInstallAllNull", `{"th":` + nulls + `,"la":` + nulls + `,"en":null}`, LangLA, bundled(LangLA)},
		{"OKEnglishServedFromThaiGetsEnglishVideos", `{"th":` + nulls + `,"la":null,"en":null}`, LangEN, bundled(LangEN)},
		{"OKOperatorLinksWin", `{"th":` + mixed + `,"la":null,"en":null}`, LangTH, map[string]string{
			"wallet": "https://cdn.example/w.mp4", "play": BundledHowtoVideo(LangTH, "play"), "balance": "/files/b.mp4",
			"bonus": BundledHowtoVideo(LangTH, "bonus"), "bonusCancel": BundledHowtoVideo(LangTH, "bonusCancel"),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stored map[string]json.RawMessage
			if tc.stored != "" {
				stored = map[string]json.RawMessage{KeyInfo: json.RawMessage(tc.stored)}
			}
			s, _ := newSeeded(t, stored)
			v, err := s.Lookup(context.Background(), KeyInfo, tc.lang)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(v)
			var got struct {
				HowtoVideos map[string]string `json:"howtoVideos"`
				HowtoTitles map[string]string `json:"howtoTitles"`
			}
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			for k, want := range tc.want {
				if got.HowtoVideos[k] != want {
					t.Errorf("%s: %q, want %q", k, got.HowtoVideos[k], want)
				}
			}
			if len(got.HowtoTitles) != len(howtos) {
				t.Errorf("titles %v", got.HowtoTitles)
			}
		})
	}
}

func bundled(lang string) map[string]string {
	out := map[string]string{}
	for _, k := range howtos {
		out[k] = HowtoVideoPrefix + lang + "/" + k + ".mp4"
	}
	return out
}

// TestBundledVideosPassCheck: the defaults, with their server paths, are
// a document the console can save as it is.
func TestBundledVideosPassCheck(t *testing.T) {
	s, _ := newSeeded(t, nil)
	doc, _ := json.Marshal(Defaults()[KeyInfo])
	if _, err := s.Check(context.Background(), KeyInfo, doc); err != nil {
		t.Fatalf("the default info does not pass Check: %v", err)
	}
}

func TestWithBundledVideosLeavesOtherDocuments(t *testing.T) {
	for _, tc := range []struct{ name, doc string }{
		{"OKNotJSON", `nope`},
		{"OKNotAnObject", `[1,2]`},
		{"OKVideosNotAnObject", `{"howtoVideos":"x"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(withBundledVideos(json.RawMessage(tc.doc), LangTH)); got != tc.doc {
				t.Errorf("%s became %s", tc.doc, got)
			}
		})
	}
}
