import type { SVGProps } from "react";

import type { IconName } from "./icon-names";
import spriteHref from "./sprite.svg?url";

export type { IconName };

const sizes = { xs: 10, sm: 12, md: 16, lg: 20, xl: 32, xxl: 80 } as const;
export type IconSize = keyof typeof sizes;
export type IconColor = "white" | "dark" | "light" | "main" | "danger";

interface IconProps extends Omit<SVGProps<SVGSVGElement>, "color"> {
  name: IconName;
  size?: IconSize;
  color?: IconColor;
  /** A label makes the icon meaningful to screen readers; without one it is decorative. */
  label?: string;
}

/** An icon from the SVG sprite: one cached request for all icons. */
export function Icon({ name, size = "md", color, label, className, ...props }: IconProps) {
  const px = sizes[size];
  return (
    <svg
      width={px}
      height={px}
      className={["icon", color ? `icon--${color}` : "", className ?? ""].filter(Boolean).join(" ")}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...props}
    >
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
