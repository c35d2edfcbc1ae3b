# Builds prefabs/testdata/gltf/level.glb with Blender (independent exporter):
#   blender --background --factory-startup --python make_level.py
# A 20 m x 20 m floor (floor-col), a 20 degree ramp (ramp-col), a wall
# collider that is not drawn (wall-colonly), a decoration drawn only
# (pillar), a trigger zone (zone-sensor), an ignored helper (helper-noimp),
# three steps parented to a rotated, translated empty (stairs) so the node
# hierarchy's transforms matter, a lift whose custom property "platform"
# (exported as glTF extras) makes it a moving platform, a door that opens
# while someone is in the zone, and a spawn point. Blender is Z-up; its
# glTF exporter writes Y-up.
import bpy, math, os

bpy.ops.wm.read_factory_settings(use_empty=True)

def mat(name, rgba):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    m.node_tree.nodes["Principled BSDF"].inputs["Base Color"].default_value = rgba
    return m

def box(name, loc, size, rot=(0, 0, 0), material=None, parent=None):
    bpy.ops.mesh.primitive_cube_add(size=1, location=loc, rotation=rot)
    o = bpy.context.active_object
    o.name = name
    o.scale = size
    if material:
        o.data.materials.append(material)
    if parent:
        o.parent = parent
    return o

grey = mat("grey", (0.55, 0.57, 0.6, 1))
red = mat("red", (0.8, 0.2, 0.15, 1))
blue = mat("blue", (0.2, 0.35, 0.8, 1))
# Blender coordinates (x, y, z-up); the exporter maps z -> y, y -> -z.
box("floor-col", (0, 0, -0.5), (20, 20, 1), material=grey)
box("ramp-col", (6, 0, 1.0), (6, 3, 0.4), rot=(0, math.radians(-20), 0), material=red)
box("wall-colonly", (-8, 0, 1.5), (0.5, 10, 3))
box("pillar", (0, 6, 1.5), (1, 1, 3), material=blue)
box("zone-sensor", (0, -6, 1), (3, 3, 2))
box("helper-noimp", (0, 0, 10), (1, 1, 1))
# A lift (extras from the custom property "platform"): Blender (x, y, z)
# (6, -6, 0.25) is glTF (6, 0.25, 6); it rises 3 m at 1.5 m/s, waiting 1 s
# at each end.
lift = box("lift-col", (6, -6, 0.25), (2, 2, 0.5), material=grey)
lift["platform"] = {"waypoints": [6.0, 0.25, 6.0, 6.0, 3.25, 6.0], "speed": 1.5, "wait": [1.0, 1.0]}
# A door in front of the zone: it slides 3 m up while someone is in the
# zone (extras "door" naming the sensor "zone").
door = box("door-col", (0, -9, 1.5), (4, 0.3, 3), material=red)
door["door"] = {"open": [0.0, 3.0, 0.0], "speed": 2.0, "sensor": "zone"}
# A spawn point: an empty on the floor, facing glTF +Z (Blender -Y).
bpy.ops.object.empty_add(location=(2, -2, 0), rotation=(0, 0, math.radians(180)))
start = bpy.context.active_object
start.name = "start"
start["spawn"] = True
bpy.ops.object.empty_add(location=(-3, -3, 0), rotation=(0, 0, math.radians(90)))
stairs = bpy.context.active_object
stairs.name = "stairs"
for i in range(3):
    box("step%d-col" % (i + 1), (i * 0.5, 0, 0.1 + i * 0.1), (0.5, 2, 0.2 + i * 0.2), material=grey, parent=stairs)
    o = bpy.context.active_object
    o.location = (i * 0.5, 0, 0.1 + i * 0.1)  # in the parent's frame

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "level.glb")
bpy.ops.export_scene.gltf(filepath=out, export_format="GLB", export_apply=True, export_extras=True)
print("wrote", out)
