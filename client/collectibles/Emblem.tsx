import { EMBLEM_SIZE, emblemShapes, type EmblemDesign } from './emblem.ts';

export function Emblem({ design }: { design: EmblemDesign }) {
  return (
    <svg
      className="emblem"
      viewBox={`0 0 ${EMBLEM_SIZE} ${EMBLEM_SIZE}`}
      role="img"
      aria-label={`Emblem of ${design.name}`}
      data-testid="emblem"
    >
      {emblemShapes(design).map((shape, index) =>
        shape.kind === 'circle' ? (
          <circle key={index} cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} />
        ) : (
          <path key={index} d={shape.d} fill={shape.fill} stroke={shape.stroke} strokeWidth={shape.strokeWidth} strokeLinejoin="round" />
        ),
      )}
    </svg>
  );
}
