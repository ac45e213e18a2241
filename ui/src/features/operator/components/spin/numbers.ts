// The wheel editor's number fields: what is typed, read leniently (anything but digits is dropped).
export const int = (v: string) => Number.parseInt(v.replace(/[^\d-]/g, ''), 10) || 0;
export const num = (v: string) => Number.parseFloat(v.replace(/[^\d.]/g, '')) || 0;
