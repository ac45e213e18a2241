// Android and iOS: "Save image" draws the QR card with react-native-svg (off screen, only while
// saving), takes its PNG, writes it to the cache and adds it to the photo library, where the
// banking apps pick QR pictures from. Nothing leaves the device. The web build takes
// qr-save-button.web.tsx.
import { File, Paths } from 'expo-file-system';
import { requestPermissionsAsync, saveToLibraryAsync } from 'expo-media-library/legacy';
import { useEffect, useRef, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import Svg, { Rect, Text } from 'react-native-svg';

import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { fontFamily } from '@/lib/fonts';

import { useDepositT } from '../i18n';
import type { CardLayout } from '../qr-card';

export type QrSaveButtonProps = { card: () => CardLayout; fileName: string };

/** pngScale makes the picture sharp (960 px wide), as the web's. */
const pngScale = 2;

type SvgWithPng = { toDataURL(done: (base64: string) => void, options?: { width: number; height: number }): void };

/** savePng writes a base64 PNG to the cache and adds it to the photo library (asking first). */
export async function savePng(base64: string, fileName: string): Promise<'saved' | 'denied'> {
  const allowed = await requestPermissionsAsync(true, ['photo']);
  if (!allowed.granted) return 'denied';
  const file = new File(Paths.cache, fileName);
  file.create({ overwrite: true });
  file.write(base64, { encoding: 'base64' });
  await saveToLibraryAsync(file.uri);
  return 'saved';
}

export function QrSaveButton({ card, fileName }: QrSaveButtonProps) {
  const { t: d, i18n } = useDepositT();
  const toast = useToast();
  const [drawing, setDrawing] = useState<CardLayout | null>(null);
  const svg = useRef<SvgWithPng | null>(null);

  const fail = (text: string) => {
    setDrawing(null);
    toast(text, 'error');
  };

  const start = () => {
    try {
      setDrawing(card());
    } catch {
      toast(d('qrSaveFailed'), 'error');
    }
  };

  // Once the card is drawn: its PNG, then the library.
  useEffect(() => {
    if (!drawing) return;
    const timer = setTimeout(() => {
      if (!svg.current) return fail(d('qrSaveFailed'));
      svg.current.toDataURL(
        (base64) => {
          savePng(base64, fileName).then(
            (result) => {
              setDrawing(null);
              if (result === 'saved') toast(d('qrSaved'), 'success');
              else toast(d('qrSaveDenied'), 'error');
            },
            () => fail(d('qrSaveFailed')),
          );
        },
        { width: drawing.width * pngScale, height: drawing.height * pngScale },
      );
    }, 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per drawing
  }, [drawing]);

  return (
    <>
      <Button title={d('qrSave')} variant="secondary" onPress={start} loading={drawing !== null} />
      {drawing ? (
        <View style={styles.offscreen} pointerEvents="none" aria-hidden>
          <CardSvg card={drawing} font={(bold) => fontFamily(i18n.language, bold)} svgRef={svg} />
        </View>
      ) : null}
    </>
  );
}

/** CardSvg draws the card's operations with react-native-svg. */
export function CardSvg({
  card,
  font,
  svgRef,
}: {
  card: CardLayout;
  font: (bold: boolean) => string | undefined;
  svgRef?: React.RefObject<SvgWithPng | null>;
}) {
  return (
    <Svg
      ref={svgRef as unknown as React.Ref<Svg>}
      width={card.width}
      height={card.height}
      viewBox={`0 0 ${card.width} ${card.height}`}
      testID="qr-card"
    >
      <Rect x={0} y={0} width={card.width} height={card.height} fill="#ffffff" />
      {card.ops.map((op, i) =>
        op.kind === 'rect' ? (
          <Rect
            key={i}
            x={op.x}
            y={op.y}
            width={op.w}
            height={op.h}
            fill={op.fill}
            rx={op.radius}
            stroke={op.stroke}
            strokeWidth={op.stroke ? 2 : undefined}
          />
        ) : (
          <Text
            key={i}
            x={op.x}
            // SVG text sits on its baseline: a third of the size below the middle centres it.
            y={op.y + op.size * 0.35}
            fill={op.color}
            fontSize={op.size}
            fontWeight={op.bold ? 'bold' : 'normal'}
            fontFamily={font(op.bold)}
            textAnchor="middle"
          >
            {op.text}
          </Text>
        ),
      )}
    </Svg>
  );
}

const styles = StyleSheet.create({ offscreen: { position: 'absolute', left: -10000, top: 0 } });
