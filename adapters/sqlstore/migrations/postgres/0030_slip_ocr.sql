-- Slip OCR (issue 28): what a slip prints, as the OCR read it, kept with
-- the slip for its review (pre-filled amount, time and sender; the
-- edited-slip flag). A JSON document of deposit.SlipReading; empty when
-- the slip was not read (no OCR, or it read nothing).
ALTER TABLE slips ADD COLUMN ocr TEXT NOT NULL DEFAULT '';
