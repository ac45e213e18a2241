// On the web the video plays inline with the browser's own controls.
export function VideoPlayer({ url, title }: { url: string; title: string }) {
  return (
    <video
      src={url}
      controls
      playsInline
      preload="metadata"
      aria-label={title}
      style={{ width: '100%', maxHeight: '60vh', backgroundColor: '#000', borderRadius: 8 }}
    />
  );
}
